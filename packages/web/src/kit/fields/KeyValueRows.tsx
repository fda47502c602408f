import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type KeyValue = { key: string; value: string };

type Props = {
  rows: readonly KeyValue[];
  onChange: (rows: KeyValue[]) => void;
  /** Translated message of `<index>.key` or `<index>.value`, if any. */
  error: (path: string) => string | undefined;
  disabled?: boolean;
};

/** Editable key/value rows (variables); each row holds both a key and a value. */
export function KeyValueRows({ rows, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const put = (index: number, change: Partial<KeyValue>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('kit.noRows')}
        </Text>
      )}
      {rows.map((row, index) => (
        // Rows have no identity of their own; their position is it.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="sm"
            flex={1}
            aria-label={t('kit.key')}
            placeholder={t('kit.key')}
            value={row.key}
            disabled={disabled}
            error={error(`${index}.key`)}
            onChange={(e) => put(index, { key: e.currentTarget.value })}
          />
          <TextInput
            size="sm"
            flex={2}
            aria-label={t('kit.value')}
            placeholder={t('kit.value')}
            value={row.value}
            disabled={disabled}
            error={error(`${index}.value`)}
            onChange={(e) => put(index, { value: e.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={6}
            aria-label={t('kit.removeRow')}
            disabled={disabled}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      {!disabled && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...rows, { key: '', value: '' }])}
          >
            {t('kit.addRow')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
