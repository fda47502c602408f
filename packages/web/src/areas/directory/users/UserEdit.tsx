import { SimpleGrid, Stack } from '@mantine/core';
import { refOf, users } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import type { EditForm, EditTab } from '../../../kit/edit/form';
import { type KeyValue, keyValueField } from '../../../kit/fields/keyValue';
import { RefMultiSelect, RefSelect } from '../../../kit/fields/RefSelect';
import { RowsField } from '../../../kit/fields/RowsField';
import { SwitchField, TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { UserLicenses } from './UserLicenses';
import { UserLogs } from './UserLogs';
import { UserTokens } from './UserTokens';
import { UserTwoFactor } from './UserTwoFactor';
import { checkUser, emptyUser, type UserValues, userFromItem, userToInput } from './values';

const PROFILE_ROWS = keyValueField('profile');

/** The server would refuse deactivating this user for the signed-in one (the answer's `protected`). */
const stateLocked = (form: EditForm<UserValues>) => form.item?.protected === true && form.item.state === true;

/**
 * `/directory/users/new` and `/{id}`: general, roles, licence, devices, variables, then, once
 * saved, tokens, logs and the generic Permissions tab (the users definition has record ACL).
 */
export function UserEdit() {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<UserValues>[]>(
    () => [
      {
        key: 'general',
        label: t('users.tabs.general'),
        fields: ['name', 'username', 'email', 'password', 'extension', 'state'],
        render: (form) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
            <TextField form={form} name="name" label={t(fieldKey('name'))} />
            <TextField form={form} name="username" label={t(fieldKey('username'))} required autoComplete="off" />
            <TextField form={form} name="email" label={t(fieldKey('email'))} />
            <TextField
              form={form}
              name="password"
              kind="password"
              label={form.isNew ? t(fieldKey('password')) : t('users.newPassword')}
              required={form.isNew}
              autoComplete="new-password"
            />
            <TextField form={form} name="extension" label={t(fieldKey('extension'))} />
            {/* A user the server would refuse to deactivate (protected) is not offered the switch; enabling stays. */}
            <SwitchField
              form={form}
              name="state"
              label={t('users.active')}
              description={stateLocked(form) ? t('users.protectedState') : t('users.activeHint')}
              disabled={stateLocked(form)}
            />
            {form.id !== null && <UserTwoFactor userId={form.id} readOnly={form.readOnly} />}
          </SimpleGrid>
        ),
      },
      {
        key: 'roles',
        label: t('users.tabs.roles'),
        fields: ['roles'],
        render: (form) => (
          <Stack maw={640}>
            <RefMultiSelect
              of="/roles"
              label={t(fieldKey('roles'))}
              value={form.values.roles}
              disabled={form.readOnly}
              error={form.error('roles')}
              onChange={(roles) => form.set('roles', roles)}
            />
          </Stack>
        ),
      },
      {
        key: 'license',
        label: t('users.tabs.license'),
        fields: ['license'],
        render: (form) => <UserLicenses form={form} />,
      },
      {
        key: 'devices',
        label: t('users.tabs.devices'),
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
      {
        key: 'variables',
        label: t('users.tabs.variables'),
        fields: ['profile'],
        render: (form) => (
          <Stack maw={720}>
            <RowsField
              def={users}
              form={form}
              field={PROFILE_ROWS}
              path="profile"
              value={form.values.profile}
              onChange={(rows) => form.set('profile', rows as KeyValue[])}
            />
          </Stack>
        ),
      },
      {
        key: 'tokens',
        label: t('users.tabs.tokens'),
        savedOnly: true,
        render: (form) => (form.id === null ? null : <UserTokens userId={form.id} readOnly={form.readOnly} />),
      },
      {
        key: 'logs',
        label: t('users.tabs.logs'),
        savedOnly: true,
        render: (form) => (form.id === null ? null : <UserLogs userId={form.id} />),
      },
    ],
    [t],
  );
  return (
    <EditScreen
      def={users}
      tabs={tabs}
      empty={emptyUser}
      fromItem={userFromItem}
      toInput={userToInput}
      check={checkUser}
      title={(values, isNew) => (isNew ? t('users.new') : values.name || values.username)}
    />
  );
}
