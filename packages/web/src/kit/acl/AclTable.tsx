import { Group, Loader } from '@mantine/core';
import type { AccessMode, ProtectedReason, Ref, Right } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../fields/RefSelect';
import { RightsGrid, useRights } from './RightsGrid';

export type AclEntry = { grantee: Ref; granted: string; protectedBy?: ProtectedReason | null };

/** What the server lets the viewer do to a grantee's row (it stays the authority). */
export type AclRowLimits = {
  /** Whether a right may take a mode; default every one. */
  allowed?: (right: Right, mode: AccessMode) => boolean;
  /** Why the row may not be removed (shown where the remove button would be); null: it may. */
  kept?: string | null;
};

type Props = {
  /** The ACL route, e.g. `/devices/7/acl` or `/objclass/3/acl`. */
  path: string;
  /** Rights shown as columns; other letters a grantee holds are kept as they are. */
  rights: readonly Right[];
  readOnly?: boolean;
  /** Per grantee, the changes the server would refuse (class grants: see roleLimits). */
  limits?: (entry: AclEntry) => AclRowLimits;
  /** Whether a role may be added as a grantee (with read allowed); default yes. */
  mayAdd?: boolean;
};

const ROLES_PATH = '/roles';

/**
 * Grantee roles with a forbidden/allow/manage mode per right. Every change PATCHes the grantee's
 * full letter set and reads the list again; a grantee left with no letter is removed.
 */
export function AclTable({ path, rights, readOnly, limits, mayAdd = true }: Props) {
  const { t } = useTranslation();
  const { list: acl, save } = useRights<AclEntry>(path);
  const entries = acl.data?.items ?? [];
  const grant = (grantee: number, grants: string) => save([{ grantee: { id: grantee }, grants }]);

  if (acl.isPending) return <Loader size="sm" />;

  return (
    <>
      {!readOnly && mayAdd && (
        <Group mb="sm">
          <RefSelect
            of={ROLES_PATH}
            label={t('kit.addGrantee')}
            placeholder={t('kit.chooseRole')}
            value={null}
            onChange={(role) => {
              // A new grantee starts with read allowed.
              if (role && !entries.some((e) => e.grantee.id === role.id)) grant(role.id, 'r');
            }}
          />
        </Group>
      )}
      <RightsGrid
        heads={[t('kit.grantee')]}
        rights={rights}
        readOnly={readOnly}
        removable
        empty={t('kit.noGrantees')}
        rows={entries.map((entry) => {
          const limit = limits?.(entry) ?? {};
          return {
            key: entry.grantee.id,
            names: [entry.grantee.name],
            granted: entry.granted,
            who: entry.grantee.name,
            allowed: limit.allowed,
            onChange: (grants) => grant(entry.grantee.id, grants),
            remove: { label: t('kit.removeGrantee'), onRemove: () => grant(entry.grantee.id, ''), kept: limit.kept },
          };
        })}
      />
    </>
  );
}
