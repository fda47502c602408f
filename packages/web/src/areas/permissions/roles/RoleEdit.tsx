import { Alert, Stack } from '@mantine/core';
import { OBJECTS_PERMISSION, roles } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { EditScreen } from '../../../kit/edit/EditScreen';
import type { EditForm, EditTab } from '../../../kit/edit/form';
import { SwitchField, TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { RoleAccess } from './RoleAccess';
import { RoleObjects } from './RoleObjects';
import { RolePermissions } from './RolePermissions';
import { emptyRole, type RoleValues, roleFromItem } from './values';

/**
 * `/permissions/roles/new` and `/{id}`: general, global permissions, application and section
 * access, and (for holders of the objects permission, once saved) the rights on object classes.
 */
export function RoleEdit() {
  const { t } = useTranslation();
  const { user } = useSession();
  const mayEditObjects = user?.permissions.includes(OBJECTS_PERMISSION) ?? false;
  const tabs = useMemo<EditTab<RoleValues>[]>(
    () => [
      {
        key: 'general',
        label: t('roles.tabs.general'),
        fields: ['name', 'description', 'requireTwoFactor'],
        render: (form) => (
          <Stack maw={640} gap="sm">
            {form.item?.protected === true && (
              <Alert color="yellow" p="xs" data-testid="role-protected">
                {t('roles.protectedNote')}
              </Alert>
            )}
            <TextField form={form} name="name" label={t(fieldKey('name'))} required />
            <TextField form={form} name="description" kind="textarea" label={t(fieldKey('description'))} />
            <SwitchField
              form={form}
              name="requireTwoFactor"
              label={t('roles.requireTwoFactor')}
              description={t('roles.requireTwoFactorHint')}
            />
          </Stack>
        ),
      },
      {
        key: 'permissions',
        label: t('roles.tabs.permissions'),
        fields: ['permissions'],
        render: (form) => (
          <RolePermissions
            value={form.values.permissions}
            disabled={form.readOnly}
            onChange={(permissions) => form.set('permissions', permissions)}
          />
        ),
      },
      {
        key: 'access',
        label: t('roles.tabs.access'),
        fields: ['metadata'],
        render: (form) => (
          <RoleAccess
            value={form.values.metadata.access}
            disabled={form.readOnly}
            onChange={(access) => form.set('metadata', { access })}
          />
        ),
      },
      ...(mayEditObjects
        ? [
            {
              key: 'objects',
              label: t('roles.tabs.objects'),
              savedOnly: true,
              render: (form: EditForm<RoleValues>) =>
                form.id === null ? null : <RoleObjects roleId={form.id} readOnly={form.readOnly} />,
            },
          ]
        : []),
    ],
    [t, mayEditObjects],
  );
  return (
    <EditScreen
      def={roles}
      tabs={tabs}
      empty={emptyRole}
      fromItem={roleFromItem}
      title={(values, isNew) => (isNew ? t('roles.new') : values.name)}
      // The server refuses changes to a role one holds: they would change one's own rights.
      locked={(id) => (user?.roles.some((r) => r.id === id) ? t('roles.ownRole') : null)}
    />
  );
}
