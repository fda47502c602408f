import { type AdminApi, expect, test } from '../fixtures';
import { ResourceEditPage } from '../pages/ResourcePages';

/** What the steps read on screen, in each language the test runs in. */
const TEXTS = {
  en: {
    tabs: ['Agents', 'Skills', 'Resources', 'Buckets', 'Hooks', 'Logs'],
    add: 'Add',
    save: 'Save',
    skill: 'Skill',
    minCapacity: 'Min capacity',
    maxCapacity: 'Max capacity',
    capacityError: 'Skill minimum capacity must be at most the maximum',
    bucket: 'Bucket',
    priority: 'Priority',
    resourceGroup: 'Resource group',
    event: 'Event',
    missed: 'Missed',
    flow: 'Flow',
    success: 'Success',
    noRecords: 'No records yet',
  },
  ua: {
    tabs: ['Оператори', 'Навички', 'Ресурси', 'Кошики', 'Хуки', 'Журнал'],
    add: 'Додати',
    save: 'Зберегти',
    skill: 'Навичка',
    minCapacity: 'Мін. ємність',
    maxCapacity: 'Макс. ємність',
    capacityError: 'Мінімальна ємність навички має бути не більшою за максимальну',
    bucket: 'Кошик',
    priority: 'Пріоритет',
    resourceGroup: 'Група ресурсів',
    event: 'Подія',
    missed: 'Пропущено',
    flow: 'Схема',
    success: 'Успішно',
    noRecords: 'Записів ще немає',
  },
} as const;

type Made = { queue: number; skill: string; bucket: string; group: string; communication: string; flow: string };

/** A preview queue (type 3: agents, skills, resources and buckets) and what its sub-lists take. */
async function prepare(api: AdminApi, tag: string): Promise<Made> {
  const calendar = await api.call<{ id: number }>('POST', '/calendars', {
    name: `E2E queue calendar ${tag}`,
    timezone: { name: 'Europe/Kyiv' },
  });
  const queue = await api.call<{ id: number }>('POST', '/call_center/queues', {
    name: `E2E preview ${tag}`,
    type: 3,
    calendar: { id: calendar.id },
  });
  const skill = `e2e-skill-${tag}`;
  const bucket = `e2e-bucket-${tag}`;
  const group = `e2e-group-${tag}`;
  const communication = `e2e-phone-${tag}`;
  const flow = `e2e-hook-flow-${tag}`;
  await api.call('POST', '/call_center/skills', { name: skill });
  await api.call('POST', '/call_center/buckets', { name: bucket });
  const type = await api.call<{ id: number }>('POST', '/call_center/communication_type', {
    name: communication,
    code: `e2e-${tag}`,
    channel: 'phone',
  });
  await api.call('POST', '/call_center/resource_group', { name: group, communication: { id: type.id } });
  await api.call('POST', '/routing/schema', { name: flow, type: 'service', schema: [] });
  return { queue: queue.id, skill, bucket, group, communication, flow };
}

for (const lang of ['en', 'ua'] as const) {
  test(`queue sub-lists in ${lang}: a skill, a bucket, a resource group and a hook added on their tabs, an attempt in Logs`, async ({
    page,
    signedIn,
    api,
  }) => {
    const t = TEXTS[lang];
    const made = await prepare(api, `${lang}${Date.now().toString(36)}`);
    const editor = new ResourceEditPage(page);
    if (lang !== 'en') await signedIn.switchLanguage(lang);
    const queueUrl = `/contact-center/queues/${made.queue}`;
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    const panel = page.getByRole('tabpanel');
    const save = () => page.getByRole('button', { name: t.save }).click();
    const openTab = async (name: string) => {
      await page.goto(queueUrl);
      await tab(name).click();
      await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    };
    const addOn = async (name: string, segment: string) => {
      await openTab(name);
      await panel.getByRole('link', { name: t.add }).click();
      await expect(page).toHaveURL(new RegExp(`/contact-center/queues/${made.queue}/${segment}/new$`));
    };
    const savedAt = async (segment: string) => {
      await save();
      await expect(page).toHaveURL(new RegExp(`/contact-center/queues/${made.queue}/${segment}/\\d+$`));
    };

    // A preview queue shows every type tab, hooks and logs.
    await page.goto(queueUrl);
    for (const name of t.tabs) await expect(tab(name)).toBeVisible();

    // Skill: a min capacity over the max is refused on screen, on both fields.
    await addOn(t.tabs[1], 'skills');
    await editor.choose(t.skill, made.skill, made.skill);
    await editor.field(t.minCapacity).fill('30');
    await editor.field(t.maxCapacity).fill('20');
    await save();
    await expect(page.getByText(t.capacityError)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`queue-skill-refused-${lang}.png`) });
    await editor.field(t.minCapacity).fill('5');
    await savedAt('skills');
    await openTab(t.tabs[1]);
    const skillRow = panel.locator('tbody tr', { hasText: made.skill });
    await expect(skillRow).toContainText('5');
    await expect(skillRow).toContainText('20');
    await page.screenshot({ path: test.info().outputPath(`queue-skills-${lang}.png`) });

    // Bucket with a priority.
    await addOn(t.tabs[3], 'buckets');
    await editor.choose(t.bucket, made.bucket, made.bucket);
    await editor.field(t.priority).fill('7');
    await savedAt('buckets');
    await openTab(t.tabs[3]);
    await expect(panel.locator('tbody tr', { hasText: made.bucket })).toContainText('7');

    // Resource group: its communication type shows beside it.
    await addOn(t.tabs[2], 'resource-groups');
    await editor.choose(t.resourceGroup, made.group, made.group);
    await savedAt('resource-groups');
    await openTab(t.tabs[2]);
    await expect(panel.locator('tbody tr', { hasText: made.group })).toContainText(made.communication);

    // Hook on "missed" running a service flow.
    await addOn(t.tabs[4], 'hooks');
    await page.getByRole('combobox', { name: t.event, exact: true }).click();
    await page.getByRole('option', { name: t.missed, exact: true }).click();
    await editor.choose(t.flow, made.flow, made.flow);
    await savedAt('hooks');
    await openTab(t.tabs[4]);
    const hookRow = panel.locator('tbody tr', { hasText: made.flow });
    await expect(hookRow).toContainText(t.missed);
    await page.screenshot({ path: test.info().outputPath(`queue-hooks-${lang}.png`) });

    // Logs: empty, then the attempt the telephony side reports.
    await openTab(t.tabs[5]);
    await expect(panel.getByText(t.noRecords)).toBeVisible();
    const joined = Date.now() - 120_000;
    await api.call('POST', '/telephony/events', {
      type: 'member.attempt',
      queueId: made.queue,
      destination: '+380441234567',
      joinedAt: joined,
      offeringAt: joined + 5_000,
      leavingAt: joined + 65_000,
      result: 'success',
    });
    await openTab(t.tabs[5]);
    const attempt = panel.locator('tbody tr', { hasText: '+380441234567' });
    await expect(attempt).toContainText(t.success);
    // Joined to left: 65 s; the first attempt.
    await expect(attempt.getByRole('cell', { name: '65', exact: true })).toBeVisible();
    await expect(attempt.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`queue-logs-${lang}.png`) });

    // What the screens saved, as the API answers it.
    const skills = await api.call<{ items: Record<string, unknown>[] }>(
      'GET',
      `/call_center/queues/${made.queue}/skills`,
    );
    expect(skills.items).toEqual([expect.objectContaining({ minCapacity: 5, maxCapacity: 20, lvl: 0, enabled: true })]);
    const hooks = await api.call<{ items: Record<string, unknown>[] }>(
      'GET',
      `/call_center/queues/${made.queue}/hooks`,
    );
    expect(hooks.items).toEqual([expect.objectContaining({ event: 'missed', enabled: true })]);
  });
}
