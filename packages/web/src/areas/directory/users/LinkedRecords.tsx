import { Alert, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { note: string; rows: { id: number; name: string }[]; nameLabel: string };

/**
 * Records linked to the user that this console cannot edit yet (licenses, devices): listed as
 * they are, with a note saying why, never with invented data.
 */
export function LinkedRecords({ note, rows, nameLabel }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Alert icon={<IconInfoCircle size={16} />} color="gray" mb="sm" p="xs">
        <Text size="sm">{note}</Text>
      </Alert>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.noneLinked')}
        </Text>
      ) : (
        <Table withTableBorder striped verticalSpacing={6} fz="sm" maw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={100}>{t('fields.id')}</Table.Th>
              <Table.Th>{nameLabel}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
