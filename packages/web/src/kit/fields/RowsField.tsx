import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIcon } from '../DeleteIcon';
import { type FieldProps, ScalarFieldView, useFieldLabel } from './kinds';
import { newRow, rowSchema } from './rows';

type Row = Record<string, unknown>;

function Header({ column }: { column: FieldProps['field'] }) {
  return <Table.Th>{useFieldLabel(column)}</Table.Th>;
}

/**
 * The `rows` kind: an editable table of sub-objects. Rows are added (with the row schema's
 * defaults), removed and, where order means something, moved; each cell is the registry's
 * component for its column, with the message the schema or the API filed under
 * `<field>.<row>.<column>`, and a row-wide message (`<field>.<row>`) under its row.
 */
export function RowsField(props: FieldProps & { tools?: ReactNode }) {
  const { t } = useTranslation();
  const { field, form, path, tools } = props;
  const rows: Row[] = Array.isArray(props.value) ? (props.value as Row[]) : [];
  const columns = field.columns ?? [];
  const put = (next: Row[]) => props.onChange(next);
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    put(next);
  };
  const label = useFieldLabel(field);
  const whole = form.error(path);
  return (
    <Stack gap="xs" maw={880}>
      <Table withTableBorder verticalSpacing={4} fz="sm" data-testid={`rows-${field.field}`} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Header key={c.field} column={c} />
            ))}
            <Table.Th w={field.reorder ? 96 : 40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => {
            const rowError = form.error(`${path}.${i}`);
            return (
              // Rows have no identity of their own; their place is what error paths name too.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c.field} valign="top">
                    <ScalarFieldView
                      {...props}
                      compact
                      field={c}
                      path={`${path}.${i}.${c.field}`}
                      value={row[c.field]}
                      onChange={(v) => put(rows.map((r, j) => (j === i ? { ...r, [c.field]: v } : r)))}
                    />
                    {rowError && c === columns[0] && (
                      <Text size="xs" c="red" mt={4}>
                        {rowError}
                      </Text>
                    )}
                  </Table.Td>
                ))}
                <Table.Td valign="top">
                  <Group gap={2} wrap="nowrap">
                    {field.reorder && (
                      <>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={t('kit.moveUp')}
                          disabled={form.readOnly || i === 0}
                          onClick={() => move(i, i - 1)}
                        >
                          <IconArrowUp size={14} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={t('kit.moveDown')}
                          disabled={form.readOnly || i === rows.length - 1}
                          onClick={() => move(i, i + 1)}
                        >
                          <IconArrowDown size={14} />
                        </ActionIcon>
                      </>
                    )}
                    <DeleteIcon
                      label={t('kit.removeRow')}
                      disabled={form.readOnly}
                      onClick={() => put(rows.filter((_, j) => j !== i))}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('kit.noRows')}
        </Text>
      )}
      {whole && (
        <Text size="xs" c="red">
          {whole}
        </Text>
      )}
      {!form.readOnly && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => put([...rows, newRow(rowSchema(props.def.input, field.field), columns)])}
          >
            {t(field.addLabel ?? 'kit.addRow')}
          </Button>
          {tools}
        </Group>
      )}
    </Stack>
  );
}
