import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { refOf, users } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { EditScreen } from '../../../kit/edit/EditScreen';
import { type EditForm, type EditTab, savedTab } from '../../../kit/edit/form';
import { keyValueTab } from '../../../kit/fields/KeyValueTab';
import { RefMultiSelect, RefSelect } from '../../../kit/fields/RefSelect';
import { NewPasswordField, SwitchField, TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { type UserKept, userKept } from './kept';
import { UserLicenses } from './UserLicenses';
import { UserLogs } from './UserLogs';
import { UserTokens } from './UserTokens';
import { UserTwoFactor } from './UserTwoFactor';
import { type UserValues, userCodec } from './values';

/** What the server would refuse the signed-in user doing to this one (kept.ts), null for a new one. */
const keptOf = (form: EditForm<UserValues>, viewerId?: number): UserKept | null =>
  form.item ? userKept(form.item, viewerId) : null;
/** The roles the user holds now: none of them may be taken away where the user is kept. */
const heldRoles = (form: EditForm<UserValues>, viewerId?: number) =>
  keptOf(form, viewerId) && Array.isArray(form.item?.roles)
    ? (form.item.roles as { id: number }[]).map((r) => r.id)
    : [];

/**
 * `/directory/users/new` and `/{id}`: general, roles, licence, devices, variables, then, once
 * saved, tokens, logs and the generic Permissions tab (the users definition has record ACL).
 */
export function UserEdit() {
  const { t } = useTranslation();
  const { user } = useSession();
  const viewerId = user?.userId;
  // Roles change only under the manageUserRoles permission (the server refuses it otherwise).
  const mayGiveRoles = user?.permissions.includes('manageUserRoles') ?? false;
  const tabs = useMemo<EditTab<UserValues>[]>(
    () => [
      {
        key: 'general',
        fields: ['name', 'username', 'email', 'password', 'extension', 'state'],
        render: (form) => {
          const kept = keptOf(form, viewerId);
          // Deactivating is refused; activating an inactive user is not.
          const stateLocked = kept !== null && form.item?.state !== false;
          return (
            <Stack maw={880} gap="sm">
              {kept && (
                <Alert color="yellow" p="xs" data-testid="user-kept">
                  {t(`users.kept.${kept}`)}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                <TextField form={form} name="name" label={t(fieldKey('name'))} />
                <TextField
                  form={form}
                  name="username"
                  label={t(fieldKey('username'))}
                  required
                  autoComplete="off"
                  disabled={kept === 'stronger'}
                />
                <TextField form={form} name="email" label={t(fieldKey('email'))} />
                {/* The server sets no password of a user holding more rights than the editor. */}
                <NewPasswordField form={form} changeLabel={t('users.newPassword')} disabled={kept === 'stronger'} />
                <TextField form={form} name="extension" label={t(fieldKey('extension'))} />
                <SwitchField
                  form={form}
                  name="state"
                  label={t('users.active')}
                  description={t('users.activeHint')}
                  disabled={stateLocked}
                />
                {/* The server resets no second factor of a user holding more rights than the editor. */}
                {form.id !== null && <UserTwoFactor userId={form.id} readOnly={form.readOnly || kept === 'stronger'} />}
              </SimpleGrid>
            </Stack>
          );
        },
      },
      {
        key: 'roles',
        fields: ['roles'],
        render: (form) => (
          <Stack maw={640}>
            {keptOf(form, viewerId) && (
              <Alert color="yellow" p="xs" data-testid="user-roles-kept">
                {t(`users.kept.${keptOf(form, viewerId)}`)}
              </Alert>
            )}
            <RefMultiSelect
              of="/roles"
              label={t(fieldKey('roles'))}
              fixed={heldRoles(form, viewerId)}
              value={form.values.roles}
              disabled={form.readOnly || !mayGiveRoles}
              description={mayGiveRoles ? undefined : t('users.rolesPermission')}
              error={form.error('roles')}
              onChange={(roles) => form.set('roles', roles)}
            />
          </Stack>
        ),
      },
      {
        key: 'license',
        fields: ['license'],
        render: (form) => <UserLicenses form={form} />,
      },
      {
        key: 'devices',
        fields: ['devices', 'device'],
        render: (form) => (
          <Stack maw={640}>
            <RefSelect
              of={refOf(users, 'device')}
              label={t('users.device')}
              value={form.values.device}
              disabled={form.readOnly}
              error={form.error('device')}
              onChange={(device) => form.set('device', device)}
            />
            <RefMultiSelect
              of={refOf(users, 'devices')}
              label={t('users.moreDevices')}
              value={form.values.devices}
              disabled={form.readOnly}
              error={
                form.values.devices.map((_, i) => form.error(`devices.${i}`)).find(Boolean) ?? form.error('devices')
              }
              onChange={(devices) => form.set('devices', devices)}
            />
          </Stack>
        ),
      },
      keyValueTab(users, 'variables', t('users.tabs.variables'), 'profile'),
      savedTab('tokens', (id, form) => (
        <UserTokens userId={id} readOnly={form.readOnly} stronger={keptOf(form, viewerId) === 'stronger'} />
      )),
      savedTab('logs', (id) => <UserLogs userId={id} />),
    ],
    [t, viewerId, mayGiveRoles],
  );
  return (
    <EditScreen
      def={users}
      tabs={tabs}
      codec={userCodec}
      title={(values, isNew) => (isNew ? t('users.new') : values.name || values.username)}
    />
  );
}
