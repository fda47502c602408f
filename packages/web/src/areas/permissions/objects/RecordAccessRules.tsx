import { ActionIcon, Button, Group, Loader, Table, Text } from '@mantine/core';
import { type Ref, RIGHT_NAMES, type Right } from '@switchboard/model';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { ModeCells } from '../../../kit/acl/ModeCells';
import { ModeLegend } from '../../../kit/acl/ModeControl';
import { RefSelect } from '../../../kit/fields/RefSelect';

type Rule = { grantor: Ref; grantee: Ref; granted: string };

const SHOWN: readonly Right[] = ['r', 'w', 'd'];

/**
 * Default record access of a class: records created by a holder of the grantor role are granted
 * to the grantee role with these rights. Each change PATCHes the grantee's full letter set under
 * its grantor and reads the rules again.
 */
export function RecordAccessRules({ classId, readOnly }: { classId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const path = `/acl/objclass/${classId}`;
  const rules = useQuery({ queryKey: [path], queryFn: ({ signal }) => api.get<{ items: Rule[] }>(path, { signal }) });
  const [grantor, setGrantor] = useState<Ref | null>(null);
  const [grantee, setGrantee] = useState<Ref | null>(null);

  const grant = async (grantorId: number, granteeId: number, grants: string) => {
    try {
      await api.patch(`${path}/grantor/${grantorId}`, [{ grantee: { id: granteeId }, grants }]);
    } catch {
      // api.ts has told the user why; the table shows what holds now.
    }
    await rules.refetch();
  };
  const add = async () => {
    if (!grantor || !grantee) return;
    // A new rule grants read, as adding a grantee does everywhere else.
    await grant(grantor.id, grantee.id, 'r');
    setGrantor(null);
    setGrantee(null);
  };

  if (rules.isPending) return <Loader size="sm" />;
  const items = rules.data?.items ?? [];
  return (
    <>
      {!readOnly && (
        <Group align="flex-end" mb="sm" gap="xs">
          <RefSelect of="/roles" label={t('objects.grantor')} value={grantor} onChange={setGrantor} />
          <RefSelect of="/roles" label={t('objects.grantee')} value={grantee} onChange={setGrantee} />
          <Button size="sm" leftSection={<IconPlus size={14} />} disabled={!grantor || !grantee} onClick={add}>
            {t('objects.addRule')}
          </Button>
        </Group>
      )}
      <ModeLegend />
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('objects.grantor')}</Table.Th>
              <Table.Th>{t('objects.grantee')}</Table.Th>
              {SHOWN.map((r) => (
                <Table.Th key={r}>{t(`kit.right.${RIGHT_NAMES[r]}`)}</Table.Th>
              ))}
              {!readOnly && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((rule) => (
              <Table.Tr key={`${rule.grantor.id}-${rule.grantee.id}`}>
                <Table.Td>{rule.grantor.name}</Table.Td>
                <Table.Td>{rule.grantee.name}</Table.Td>
                <ModeCells
                  granted={rule.granted}
                  rights={SHOWN}
                  who={`${rule.grantor.name} → ${rule.grantee.name}`}
                  disabled={readOnly}
                  onChange={(grants) => grant(rule.grantor.id, rule.grantee.id, grants)}
                />
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('objects.removeRule')}
                      onClick={() => grant(rule.grantor.id, rule.grantee.id, '')}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" p="sm">
          {t('objects.noRules')}
        </Text>
      )}
    </>
  );
}
