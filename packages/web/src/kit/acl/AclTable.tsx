import { ActionIcon, Group, Loader, Table, Text } from '@mantine/core';
import { type AccessMode, type ProtectedReason, type Ref, RIGHT_NAMES, type Right } from '@switchboard/model';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { RefSelect } from '../fields/RefSelect';
import { Kept } from '../Kept';
import { ModeCells } from './ModeCells';
import { ModeLegend } from './ModeControl';

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
  const acl = useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => api.get<{ items: AclEntry[] }>(path, { signal }),
  });
  const entries = acl.data?.items ?? [];

  const grant = async (grantee: number, grants: string) => {
    try {
      await api.patch(path, [{ grantee: { id: grantee }, grants }]);
    } catch {
      // api.ts has told the user why; the list below shows what holds now.
    }
    await acl.refetch();
  };

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
      <ModeLegend />
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('kit.grantee')}</Table.Th>
              {rights.map((r) => (
                <Table.Th key={r}>{t(`kit.right.${RIGHT_NAMES[r]}`)}</Table.Th>
              ))}
              {!readOnly && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => {
              const limit = limits?.(entry) ?? {};
              return (
                <Table.Tr key={entry.grantee.id}>
                  <Table.Td>{entry.grantee.name}</Table.Td>
                  <ModeCells
                    granted={entry.granted}
                    rights={rights}
                    who={entry.grantee.name}
                    disabled={readOnly}
                    allowed={limit.allowed}
                    onChange={(grants) => grant(entry.grantee.id, grants)}
                  />
                  {!readOnly && (
                    <Table.Td>
                      {limit.kept ? (
                        <Kept reason={limit.kept} />
                      ) : (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="sm"
                          aria-label={t('kit.removeGrantee')}
                          onClick={() => grant(entry.grantee.id, '')}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {entries.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" p="sm">
          {t('kit.noGrantees')}
        </Text>
      )}
    </>
  );
}
