import { Alert, Button, FileButton, Group, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  IMPORT_CHARSETS,
  IMPORT_MODES,
  IMPORT_SEPARATORS,
  type ImportCharset,
  type ImportMode,
  type ImportSeparator,
  type ImportSpec,
} from '@switchboard/model';
import { IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldKey } from '../path';
import { CsvPreview } from './CsvPreview';
import {
  decodeHead,
  guessSeparator,
  PREVIEW_ROWS,
  parseCsv,
  previewRows,
  readHead,
  SEPARATOR_NAMES,
  widthOf,
} from './csv-preview';
import type { UploadOptions } from './import-api';
import { looksLikeHeader, type Mapping, mappingJson, preselectMapping, unmappedRequired } from './mapping';

type Head = { name: string; bytes: ArrayBuffer; partial: boolean };

type Props = {
  spec: ImportSpec;
  busy: boolean;
  /** Why the last start was refused, already translated. */
  error: string | null;
  onStart: (file: File, options: UploadOptions) => void;
};

/**
 * The first step of an import: the file, its character set, separator and header row, a preview
 * of its first rows as read with those, the columns mapped to fields, and the mode.
 */
export function ImportSetup({ spec, busy, error, onStart }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [head, setHead] = useState<Head | null>(null);
  const [charset, setCharset] = useState<ImportCharset>('utf-8');
  const [separator, setSeparator] = useState<ImportSeparator>(',');
  const [header, setHeader] = useState(true);
  const [mapping, setMapping] = useState<Mapping>({});
  const [mode, setMode] = useState<ImportMode>('all');

  const rows = useMemo(() => (head ? previewRows(head, charset, separator) : []), [head, charset, separator]);
  const columnCount = widthOf(rows);
  const headerRow = header ? (rows[0] ?? []) : null;
  const dataRows = rows.slice(header ? 1 : 0, (header ? 1 : 0) + PREVIEW_ROWS);
  const columnName = (i: number) => headerRow?.[i]?.trim() || t('imports.column', { n: i + 1 });
  const missing = spec.mapping ? unmappedRequired(spec, mapping) : [];

  /** The mapping follows the way the file is read; a change of options chooses it again. */
  const remap = (next: Head, nextCharset: ImportCharset, nextSeparator: ImportSeparator, nextHeader: boolean) => {
    const read = previewRows(next, nextCharset, nextSeparator);
    setMapping(preselectMapping(spec, nextHeader ? (read[0] ?? []) : null, widthOf(read)));
  };

  const choose = async (picked: File | null) => {
    if (!picked) return;
    const { bytes, partial } = await readHead(picked);
    const next = { name: picked.name, bytes, partial };
    const sep = guessSeparator(decodeHead(bytes, charset));
    const first = parseCsv(decodeHead(bytes, charset), sep, 1, partial)[0] ?? [];
    const hasHeader = looksLikeHeader(spec, first);
    setFile(picked);
    setHead(next);
    setSeparator(sep);
    setHeader(hasHeader);
    remap(next, charset, sep, hasHeader);
  };

  const start = () => {
    if (!file) return;
    onStart(file, { mode, charset, separator, header, mapping: spec.mapping ? mappingJson(mapping) : undefined });
  };

  const label = (field: string) => t(fieldKey(field));
  const columnOptions = Array.from({ length: columnCount }, (_, i) => ({ value: String(i), label: columnName(i) }));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('imports.hint', {
          columns: spec.columns.map((c) => label(c.field)).join(', '),
          required: spec.columns
            .filter((c) => c.required)
            .map((c) => label(c.field))
            .join(', '),
        })}
      </Text>
      <Group gap="xs">
        <FileButton accept=".csv,.txt,text/csv,text/plain" onChange={choose}>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconFileUpload size={14} />}>
              {t('imports.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" data-testid="import-file-name">
          {file ? file.name : t('imports.noFile')}
        </Text>
      </Group>
      {head && (
        <>
          <Group gap="sm" align="flex-end">
            <Select
              size="xs"
              w={160}
              label={t('imports.charset')}
              data={[...IMPORT_CHARSETS]}
              value={charset}
              allowDeselect={false}
              onChange={(value) => {
                if (!value) return;
                setCharset(value as ImportCharset);
                remap(head, value as ImportCharset, separator, header);
              }}
            />
            <Select
              size="xs"
              w={190}
              label={t('imports.separator')}
              data={IMPORT_SEPARATORS.map((s) => ({ value: s, label: t(`imports.separators.${SEPARATOR_NAMES[s]}`) }))}
              value={separator}
              allowDeselect={false}
              onChange={(value) => {
                if (!value) return;
                setSeparator(value as ImportSeparator);
                remap(head, charset, value as ImportSeparator, header);
              }}
            />
            <Switch
              size="sm"
              mb={6}
              label={t('imports.header')}
              checked={header}
              onChange={(e) => {
                const next = e.currentTarget.checked;
                setHeader(next);
                remap(head, charset, separator, next);
              }}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('imports.preview')}
            </Text>
            {dataRows.length === 0 && !headerRow?.length ? (
              <Text size="sm" c="dimmed">
                {t('imports.previewEmpty')}
              </Text>
            ) : (
              <CsvPreview
                columns={columnCount}
                columnName={columnName}
                rows={dataRows}
                maxHeight={220}
                fz="xs"
                verticalSpacing={2}
                aria-label={t('imports.preview')}
              />
            )}
          </Stack>
          {spec.mapping && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('imports.mapping')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
                {spec.columns.map((column) => (
                  <Select
                    key={column.field}
                    size="xs"
                    label={label(column.field)}
                    withAsterisk={column.required}
                    placeholder={t('imports.notInFile')}
                    data={columnOptions}
                    value={
                      mapping[column.field] === null || mapping[column.field] === undefined
                        ? null
                        : String(mapping[column.field])
                    }
                    clearable={!column.required}
                    clearButtonProps={{ 'aria-label': t('imports.notInFile') }}
                    onChange={(value) =>
                      setMapping((m) => ({ ...m, [column.field]: value === null ? null : Number(value) }))
                    }
                  />
                ))}
              </SimpleGrid>
              {missing.length > 0 && (
                <Text size="sm" c="red">
                  {t('imports.requiredMissing', { fields: missing.map(label).join(', ') })}
                </Text>
              )}
            </Stack>
          )}
          <Radio.Group label={t('imports.mode')} value={mode} onChange={(value) => setMode(value as ImportMode)}>
            <Stack gap={6} mt={4}>
              {IMPORT_MODES.map((m) => (
                <Radio key={m} value={m} label={t(`imports.modes.${m}`)} description={t(`imports.modes.${m}Hint`)} />
              ))}
            </Stack>
          </Radio.Group>
        </>
      )}
      {error && (
        <Alert color="red" variant="light" data-testid="import-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        {busy && (
          <Text size="sm" c="dimmed" role="status">
            {t('imports.uploading')}
          </Text>
        )}
        <Button size="xs" disabled={!file || missing.length > 0} loading={busy} onClick={start}>
          {t('imports.start')}
        </Button>
      </Group>
    </Stack>
  );
}
