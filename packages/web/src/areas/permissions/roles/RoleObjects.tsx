import { Alert, Button, Loader, Table, Text } from '@mantine/core';
import { type Ref, RIGHT_NAMES, type Right } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { ModeCells } from '../../../kit/acl/ModeCells';
import { ModeLegend } from '../../../kit/acl/ModeControl';
import { useClassLabel } from '../objects/useClassLabel';
import type { RoleLimits } from './limits';

type Entry = { objclass: Ref; granted: string };

/** Create, read, edit, delete: the columns of the objects screen's access table. */
const RIGHTS_SHOWN: readonly Right[] = ['x', 'r', 'w', 'd'];

/**
 * A role's rights on every object class (GET/PATCH /roles/{id}/classes), each change saved at
 * once; the server refuses rights the editor does not hold, and the table then shows what holds.
 */
export function RoleObjects({
  roleId,
  readOnly,
  limits,
}: {
  roleId: number;
  readOnly: boolean;
  /** What the editor may give and take (limits.ts); the table offers no more. */
  limits?: RoleLimits;
}) {
  const { t } = useTranslation();
  const classLabel = useClassLabel();
  const path = `/roles/${roleId}/classes`;
  const classes = useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => api.get<{ items: Entry[] }>(path, { signal }),
  });

  const grant = async (objclassId: number, grants: string) => {
    try {
      await api.patch(path, [{ objclass: { id: objclassId }, grants }]);
    } catch {
      // api.ts has told the user why; the table below shows what holds now.
    }
    await classes.refetch();
  };

  if (classes.isPending) return <Loader size="sm" />;
  if (classes.isError) {
    return (
      <Alert color="red" title={t('kit.loadFailed')}>
        <Button size="xs" variant="light" onClick={() => classes.refetch()}>
          {t('kit.retry')}
        </Button>
      </Alert>
    );
  }
  const rows = [...classes.data.items].sort((a, b) => classLabel.compare(a.objclass.name, b.objclass.name));
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('roles.objectsHint')}
      </Text>
      <ModeLegend />
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('objects.class')}</Table.Th>
              {RIGHTS_SHOWN.map((r) => (
                <Table.Th key={r}>{t(`kit.right.${RIGHT_NAMES[r]}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <Table.Tr key={entry.objclass.id} data-class={entry.objclass.name}>
                <Table.Td>{classLabel.label(entry.objclass.name)}</Table.Td>
                <ModeCells
                  granted={entry.granted}
                  rights={RIGHTS_SHOWN}
                  who={classLabel.label(entry.objclass.name)}
                  disabled={readOnly}
                  allowed={
                    limits && ((right, mode) => limits.classMode(entry.objclass.name, entry.granted, right, mode))
                  }
                  onChange={(grants) => grant(entry.objclass.id, grants)}
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
