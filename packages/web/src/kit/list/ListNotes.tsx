import { Text } from '@mantine/core';
import { BYPASS_PERMISSION, type ResourceDef, type UserInfo } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';

/**
 * Does the server drop rows the user may not read from this list? With record checks (rbac) on
 * for its class, a list shows only records one of the user's roles may read, unless the global
 * read permission lets the user read every record. A nested list follows its parent's rights.
 */
export function narrowedByRecordRights(def: ResourceDef, user: UserInfo | null): boolean {
  if (!def.recordAcl || def.parent || !def.objClass || !user) return false;
  if (user.permissions.includes(BYPASS_PERMISSION.r)) return false;
  return user.scope.some((s) => s.class === def.objClass && s.rbac);
}

type Props = { def: ResourceDef; empty: boolean; searched: boolean; filtered: boolean };

/**
 * What an empty first page means, told truthfully: nothing yet, nothing found by the search, or
 * nothing matching the filters; and, under record checks, that some records may be hidden.
 */
export function ListNotes({ def, empty, searched, filtered }: Props) {
  const { t } = useTranslation();
  const { user } = useSession();
  const hidden = narrowedByRecordRights(def, user);
  if (!empty && !hidden) return null;
  const message = filtered ? t('kit.noMatch') : searched ? t('kit.noResults') : t('kit.noRecords');
  return (
    <>
      {empty && (
        <Text ta="center" c="dimmed" size="sm" p="md" data-testid="list-empty">
          {message}
        </Text>
      )}
      {hidden && (
        <Text ta="center" c="dimmed" size="xs" pb="xs" data-testid="list-hidden-note">
          {t('kit.hiddenByPermissions')}
        </Text>
      )}
    </>
  );
}
