import { Alert, Stack } from '@mantine/core';
import { OBJECTS_PERMISSION, roles } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { EditScreen } from '../../../kit/edit/EditScreen';
import { type EditForm, type EditTab, savedTab } from '../../../kit/edit/form';
import { SwitchField, TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { roleKept } from './kept';
import { roleLimits } from './limits';
import { RoleAccess } from './RoleAccess';
import { RoleObjects } from './RoleObjects';
import { RolePermissions } from './RolePermissions';
import { type RoleValues, roleCodec, roleFromItem } from './values';

/**
 * `/permissions/roles/new` and `/{id}`: general, global permissions, application and section
 * access, and (for holders of the objects permission, once saved) the rights on object classes.
 * Only what the server would take is offered: no right the editor lacks; for a role the editor
 * holds, or the one the last administrator holds every right through, no reduction (it may be
 * raised); a role holding rights the editor lacks is read-only, saying why (kept.ts, limits.ts).
 */
export function RoleEdit() {
  const { t } = useTranslation();
  const { user } = useSession();
  const mayEditObjects = user?.permissions.includes(OBJECTS_PERMISSION) ?? false;
  const tabs = useMemo<EditTab<RoleValues>[]>(() => {
    const held = user?.roles.map((r) => r.id) ?? [];
    const limitsOf = (form: EditForm<RoleValues>) => {
      const kept = form.item ? roleKept(form.item, held) : null;
      const stored = form.item ? roleFromItem(form.item) : null;
      return roleLimits(
        user,
        stored && { permissions: stored.permissions, access: stored.metadata.access },
        kept === 'held' || kept === 'lastAdministrator',
      );
    };
    /** Why the role's rights may only be raised, above the controls of its rights. */
    const raiseOnly = (form: EditForm<RoleValues>) => {
      const kept = form.item ? roleKept(form.item, held) : null;
      return (kept === 'held' || kept === 'lastAdministrator') && !form.readOnly ? (
        <Alert color="yellow" p="xs" mb="sm" data-testid="role-raise-only">
          {t(`roles.kept.${kept}`)}
        </Alert>
      ) : null;
    };
    return [
      {
        key: 'general',
        fields: ['name', 'description', 'requireTwoFactor'],
        render: (form) => (
          <Stack maw={640} gap="sm">
            {raiseOnly(form)}
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
        fields: ['permissions'],
        render: (form) => (
          <>
            {raiseOnly(form)}
            <RolePermissions
              value={form.values.permissions}
              disabled={form.readOnly}
              allowed={limitsOf(form).permission}
              onChange={(permissions) => form.set('permissions', permissions)}
            />
          </>
        ),
      },
      {
        key: 'access',
        fields: ['metadata'],
        render: (form) => (
          <>
            {raiseOnly(form)}
            <RoleAccess
              value={form.values.metadata.access}
              disabled={form.readOnly}
              allowed={limitsOf(form).access}
              onChange={(access) => form.set('metadata', { access })}
            />
          </>
        ),
      },
      ...(mayEditObjects
        ? [
            savedTab<RoleValues>('objects', (id, form) => (
              <>
                {raiseOnly(form)}
                <RoleObjects roleId={id} readOnly={form.readOnly} limits={limitsOf(form)} />
              </>
            )),
          ]
        : []),
    ];
  }, [t, mayEditObjects, user]);
  const held = user?.roles.map((r) => r.id) ?? [];
  return (
    <EditScreen
      def={roles}
      tabs={tabs}
      codec={roleCodec}
      // A role holding rights the editor lacks: the server takes no change of it from them.
      locked={(_id, item) => (item && roleKept(item, held) === 'stronger' ? t('roles.kept.stronger') : null)}
    />
  );
}
