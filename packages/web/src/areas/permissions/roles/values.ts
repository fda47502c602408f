import type { AccessMode, Application, Permission, RoleAccess } from '@switchboard/model';
import { ACCESS_MODE } from '@switchboard/model';
import type { FormCodec } from '../../../kit/edit/form';

export type RoleValues = {
  name: string;
  description: string;
  permissions: Permission[];
  metadata: { access: RoleAccess };
  requireTwoFactor: boolean;
};

export const emptyRole = (): RoleValues => ({
  name: '',
  description: '',
  permissions: [],
  metadata: { access: {} },
  requireTwoFactor: false,
});

export function roleFromItem(item: Record<string, unknown>): RoleValues {
  const metadata = (item.metadata as RoleValues['metadata'] | undefined) ?? { access: {} };
  return {
    name: typeof item.name === 'string' ? item.name : '',
    description: typeof item.description === 'string' ? item.description : '',
    permissions: Array.isArray(item.permissions) ? (item.permissions as Permission[]) : [],
    metadata: { access: metadata.access ?? {} },
    requireTwoFactor: item.requireTwoFactor === true,
  };
}

/** The role form: a new role and one read (the schema checks the rest). */
export const roleCodec: FormCodec<RoleValues> = { empty: emptyRole, fromItem: roleFromItem };

/** An application the role says nothing about is forbidden. */
export const appMode = (access: RoleAccess, app: Application): AccessMode =>
  access[app]?.access ?? ACCESS_MODE.forbidden;
/** A section the role says nothing about follows its application's mode. */
export const sectionMode = (access: RoleAccess, app: Application, section: string): AccessMode =>
  access[app]?.sections?.[section] ?? appMode(access, app);

export function withAppMode(access: RoleAccess, app: Application, mode: AccessMode): RoleAccess {
  return { ...access, [app]: { ...access[app], access: mode } };
}

export function withSectionMode(access: RoleAccess, app: Application, section: string, mode: AccessMode): RoleAccess {
  const current = access[app] ?? { access: ACCESS_MODE.forbidden };
  return { ...access, [app]: { ...current, sections: { ...current.sections, [section]: mode } } };
}
