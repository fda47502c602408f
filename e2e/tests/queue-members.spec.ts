import { type AdminApi, expect, test } from '../fixtures';
import { ResourceEditPage, ResourceListPage } from '../pages/ResourcePages';

type Member = { id: number; name: string; stopCause: string | null; communications: { destination: string }[] };

const suffix = () => Date.now().toString(36);

/** A queue with three members made through the API: Alice (bucket, success), Bob (failed), Carol. */
async function queueWithMembers(api: AdminApi) {
  const tag = suffix();
  const calendar = await api.call<{ id: number }>('POST', '/calendars', {
    name: `E2E members ${tag}`,
    timezone: { name: 'Europe/Kyiv' },
  });
  const queue = await api.call<{ id: number; name: string }>('POST', '/call_center/queues', {
    name: `E2E outbound ${tag}`,
    calendar: { id: calendar.id },
  });
  const type = await api.call<{ id: number }>('POST', '/call_center/communication_type', {
    name: `Mobile ${tag}`,
    code: `m${tag}`,
    channel: 'phone',
  });
  const bucket = await api.call<{ id: number }>('POST', '/call_center/buckets', { name: `VIP ${tag}` });
  const path = `/call_center/queues/${queue.id}/members`;
  const member = (name: string, destination: string, extra: Record<string, unknown> = {}) =>
    api.call<Member>('POST', path, { name, communications: [{ destination, type: { id: type.id } }], ...extra });
  await member('Alice Archer', '+380501110001', { bucket: { id: bucket.id }, stopCause: 'success' });
  const bob = await member('Bob Baker', '+380501110002', { priority: 5, stopCause: 'failed' });
  await member('Carol Cooper', '+380501110003');
  return { queue, type: `Mobile ${tag}`, bob, path };
}

test('queue members: filtered, edited with two communications, deleted by filter, reset', async ({
  page,
  signedIn,
  api,
}) => {
  const { queue, type, bob, path } = await queueWithMembers(api);
  const route = `/contact-center/queues/${queue.id}/members`;
  const list = new ResourceListPage(page, route, `Members of ${queue.name}`);
  const editor = new ResourceEditPage(page);
  await signedIn.expectShown();
  await list.goto();
  await expect(list.table.locator('tbody tr')).toHaveCount(3);
  await expect(list.row('Alice Archer')).toContainText('Success');
  await expect(list.row('Alice Archer')).toContainText('+380501110001');
  // The created filter starts from the first of the previous month to today.
  await expect(page.getByLabel('Created: from')).toHaveValue(/^\d{4}-\d{2}-01$/);

  // Search: a name by its beginning, a destination exactly.
  await list.search.fill('bob');
  await list.search.press('Enter');
  await expect(list.table.locator('tbody tr')).toHaveCount(1);
  await expect(list.row('Bob Baker')).toBeVisible();
  await list.search.fill('+380501110003');
  await list.search.press('Enter');
  await expect(list.table.locator('tbody tr')).toHaveCount(1);
  await expect(list.row('Carol Cooper')).toBeVisible();
  await list.search.fill('');
  await list.search.press('Enter');
  await expect(list.table.locator('tbody tr')).toHaveCount(3);

  // The end cause filter, kept in the URL.
  await list.goto('?cause=failed');
  await expect(list.table.locator('tbody tr')).toHaveCount(1);
  await expect(list.row('Bob Baker')).toContainText('Failed');
  await page.screenshot({ path: test.info().outputPath('queue-members-filtered.png') });

  // Bob gets a second communication.
  await list.row('Bob Baker').getByRole('link', { name: 'Bob Baker' }).click();
  await expect(page).toHaveURL(new RegExp(`${route}/${bob.id}$`));
  await page.getByRole('tab', { name: 'Communications' }).click();
  await page.getByRole('button', { name: 'Add a communication' }).click();
  const rows = page.getByTestId('rows-communications').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole('textbox', { name: 'Destination' }).fill('+380671234567');
  await rows.nth(1).getByRole('textbox', { name: 'DTMF' }).fill('12a');
  await rows.nth(1).getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type }).click();
  await editor.save();
  await expect(page.getByText('Should hold digits only')).toBeVisible();
  await rows.nth(1).getByRole('textbox', { name: 'DTMF' }).fill('12');
  await page.screenshot({ path: test.info().outputPath('queue-member-edit.png') });
  await editor.save();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const stored = await api.call<Member>('GET', `${path}/${bob.id}`);
  expect(stored.communications.map((c) => c.destination)).toEqual(['+380501110002', '+380671234567']);

  // Reset puts the failed member back to waiting.
  await list.goto();
  await page.getByRole('button', { name: 'Reset failed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset failed' }).click();
  await expect(page.getByText('Members reset: 1')).toBeVisible();
  expect((await api.call<Member>('GET', `${path}/${bob.id}`)).stopCause).toBeNull();

  // Delete what the filter shows (Success: Alice), confirmed, answered with the count.
  await list.goto('?cause=success');
  await expect(list.table.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete filtered' }).click();
  await expect(page.getByRole('dialog')).toContainText('on all pages');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete filtered' }).click();
  await expect(page.getByText('Members deleted: 1')).toBeVisible();
  const left = await api.call<{ items: Member[] }>('GET', `${path}?size=100`);
  expect(left.items.map((m) => m.name).sort()).toEqual(['Bob Baker', 'Carol Cooper']);

  // With no filter at all the console asks about every member, and nothing goes on Cancel.
  await list.goto('?from=&to=');
  await page.getByRole('button', { name: 'Delete filtered' }).click();
  await expect(page.getByRole('dialog')).toContainText('ALL members of the queue');
  await page.screenshot({ path: test.info().outputPath('queue-members-delete-all.png') });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  expect((await api.call<{ items: Member[] }>('GET', `${path}?size=100`)).items).toHaveLength(2);
});

test('queue members in Ukrainian', async ({ page, signedIn, api }) => {
  const { queue } = await queueWithMembers(api);
  await signedIn.switchLanguage('ua');
  await page.goto(`/contact-center/queues/${queue.id}/members?cause=failed`);
  await expect(page.getByRole('heading', { name: `Учасники черги ${queue.name}` })).toBeVisible();
  await expect(page.locator('main table tbody tr')).toHaveCount(1);
  await expect(page.locator('main table tbody tr')).toContainText('Невдало');
  await expect(page.getByRole('button', { name: 'Скинути невдалі' })).toBeVisible();
  await page.getByRole('button', { name: 'Видалити відібраних' }).click();
  await expect(page.getByRole('dialog')).toContainText('на всіх сторінках');
  await page.screenshot({ path: test.info().outputPath('queue-members-ua.png') });
});
