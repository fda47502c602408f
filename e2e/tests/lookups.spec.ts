import { expect, test } from '../fixtures';
import { ResourceEditPage, ResourceListPage } from '../pages/ResourcePages';

type Region = { id: number; name: string; timezone: { name: string }; description: string };

test('regions: create, edit and delete through the generic kit, the time zone from the catalog', async ({
  page,
  signedIn,
  api,
}) => {
  const list = new ResourceListPage(page, '/lookups/regions', 'Regions');
  const editor = new ResourceEditPage(page);
  await signedIn.open('regions');
  await expect(page.getByRole('heading', { name: 'Regions', exact: true })).toBeVisible();
  await expect(page.getByText('This section is not available yet')).toHaveCount(0);

  await list.add();
  await expect(page).toHaveURL(/\/lookups\/regions\/new$/);
  await editor.save();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('lookups-region-required.png') });

  await editor.field('Name').fill('E2E North');
  await editor.choose('Time zone', 'tokyo', /^Asia\/Tokyo \(\+09:00\)/);
  await editor.field('Description').fill('cold and far');
  await page.screenshot({ path: test.info().outputPath('lookups-region-new.png') });
  await editor.save();
  await expect(page).toHaveURL(/\/lookups\/regions\/\d+$/);
  const id = Number(page.url().split('/').at(-1));
  const stored = await api.call<Region>('GET', `/regions/${id}`);
  expect(stored).toMatchObject({ name: 'E2E North', timezone: { name: 'Asia/Tokyo' }, description: 'cold and far' });

  await editor.field('Name').fill('E2E North-East');
  await editor.choose('Time zone', 'europe/berl', /^Europe\/Berlin/);
  await editor.save();
  await expect.poll(async () => (await api.call<Region>('GET', `/regions/${id}`)).timezone.name).toBe('Europe/Berlin');
  expect((await api.call<Region>('GET', `/regions/${id}`)).name).toBe('E2E North-East');

  await list.goto();
  await expect(list.row('E2E North-East')).toContainText('Europe/Berlin');
  await page.screenshot({ path: test.info().outputPath('lookups-region-list.png') });
  await list.remove('E2E North-East');
  await expect(list.row('E2E North-East')).toHaveCount(0);
  const after = await api.call<{ items: Region[] }>('GET', '/regions?size=100');
  expect(after.items.some((r) => r.id === id)).toBe(false);
});
