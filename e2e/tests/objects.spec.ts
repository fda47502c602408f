import { expect, test } from '../fixtures';
import { ObjectEditPage } from '../pages/ObjectEditPage';

test('object access shows every right of a role without scrolling, and a mode change is kept', async ({
  page,
  api,
  signedIn,
}) => {
  expect(signedIn).toBeTruthy();
  const { items } = await api.call<{ items: { id: number; class: string }[] }>('GET', '/objclass?size=100');
  const calendars = items.find((c) => c.class === 'calendars');
  expect(calendars).toBeDefined();
  const role = await api.call<{ id: number }>('POST', '/roles', { name: 'Calendar keepers' });
  await api.call('PATCH', `/objclass/${calendars?.id}/acl`, [{ grantee: { id: role.id }, grants: 'r' }]);

  const screen = new ObjectEditPage(page);
  await screen.goto(calendars?.id ?? 0, 'Calendars');
  // Create, read, edit and delete all fit the panel at 1280 px.
  await expect(screen.mode('Calendar keepers', 'Delete')).toBeInViewport();
  expect(await screen.overflows()).toBe(false);
  await page.screenshot({ path: test.info().outputPath('object-access.png') });

  await screen.choose('Calendar keepers', 'Delete', 'Allow');
  await expect
    .poll(async () => {
      const acl = await api.call<{ items: { grantee: { id: number }; granted: string }[] }>(
        'GET',
        `/objclass/${calendars?.id}/acl`,
      );
      return acl.items.find((e) => e.grantee.id === role.id)?.granted;
    })
    .toBe('rd');
  await page.reload();
  await expect(screen.mode('Calendar keepers', 'Delete').getByLabel('Allow')).toBeChecked();
});
