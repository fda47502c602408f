import { FileInput, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import {
  IMPORT_CHARSETS,
  IMPORT_SEPARATORS,
  IMPORT_TEMPLATE_DEFAULTS,
  type ImportCharset,
  type ImportSeparator,
  MAPPING_FIELDS,
  MAPPING_MULTIPLE,
  MAPPING_REQUIRED,
  type MappingField,
} from '@switchboard/model';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { CsvPreview } from '../../../kit/import/CsvPreview';
import { previewRows, readHead, SEPARATOR_NAMES, widthOf } from '../../../kit/import/csv-preview';

type Mappings = Partial<Record<MappingField, string | string[]>>;
export type Parameters = {
  charset: ImportCharset;
  separator: ImportSeparator;
  skipHeaders: boolean;
  clearMembers: boolean;
  mappings: Mappings;
};

const isMany = (field: MappingField) => (MAPPING_MULTIPLE as readonly string[]).includes(field);

/** The template's parameters with the spec's defaults (utf-8, comma, skip headers on). */
export const parametersOf = (values: FormValues): Parameters => ({
  ...IMPORT_TEMPLATE_DEFAULTS,
  mappings: {},
  ...((values.parameters ?? {}) as Partial<Parameters>),
});

/**
 * The file settings and the mapping of a template: the administrator picks a sample file, which
 * the browser reads with the chosen character set, separator and header row and shows its first
 * rows; each member field then takes a column of it (by header, or by number without one).
 */
export function TemplateMapping({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  const p = parametersOf(form.values);
  const set = (change: Partial<Parameters>) => form.set('parameters', { ...p, ...change });
  const [sample, setSample] = useState<File | null>(null);
  const [rows, setRows] = useState<string[][]>([]);

  useEffect(() => {
    if (!sample) {
      setRows([]);
      return;
    }
    let live = true;
    readHead(sample).then((head) => {
      if (live) setRows(previewRows(head, p.charset, p.separator));
    });
    return () => {
      live = false;
    };
  }, [sample, p.charset, p.separator]);

  const header = p.skipHeaders ? (rows[0] ?? null) : null;
  const body = p.skipHeaders ? rows.slice(1) : rows;
  const width = widthOf(rows);
  // Columns to pick: the sample's headers (or numbers), and whatever the template maps already.
  const options = useMemo(() => {
    const out = new Map<string, string>();
    for (let i = 0; i < width; i++) {
      const value = header ? (header[i] ?? '').trim() : String(i + 1);
      if (!value) continue;
      const example = body[0]?.[i];
      const label = header ? value : t('importTemplates.column', { n: i + 1 });
      out.set(value, example ? `${label} — ${example}` : label);
    }
    for (const v of Object.values(p.mappings).flat()) if (v && !out.has(v)) out.set(v, v);
    return [...out].map(([value, label]) => ({ value, label }));
  }, [width, header, body, p.mappings, t]);

  const mapOne = (field: MappingField, value: string | string[]) =>
    set({ mappings: { ...p.mappings, [field]: value } });

  return (
    <Stack maw={960} gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('importTemplates.parameters.charset')}
          required
          allowDeselect={false}
          disabled={form.readOnly}
          data={[...IMPORT_CHARSETS]}
          value={p.charset}
          error={form.error('parameters.charset')}
          onChange={(v) => set({ charset: (v ?? 'utf-8') as ImportCharset })}
        />
        <Select
          label={t('importTemplates.parameters.separator')}
          required
          allowDeselect={false}
          disabled={form.readOnly}
          data={IMPORT_SEPARATORS.map((s) => ({
            value: s,
            label: t(`importTemplates.separators.${SEPARATOR_NAMES[s]}`),
          }))}
          value={p.separator}
          error={form.error('parameters.separator')}
          onChange={(v) => set({ separator: (v ?? ',') as ImportSeparator })}
        />
      </SimpleGrid>
      <Switch
        label={t('importTemplates.parameters.skipHeaders')}
        disabled={form.readOnly}
        checked={p.skipHeaders}
        onChange={(e) => set({ skipHeaders: e.currentTarget.checked })}
      />
      <Switch
        label={t('importTemplates.parameters.clearMembers')}
        disabled={form.readOnly}
        checked={p.clearMembers}
        onChange={(e) => set({ clearMembers: e.currentTarget.checked })}
      />
      <FileInput
        label={t('importTemplates.sample')}
        placeholder={t('importTemplates.samplePlaceholder')}
        accept=".csv,text/csv,text/plain"
        clearable
        value={sample}
        onChange={setSample}
        data-testid="template-sample"
      />
      {rows.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('importTemplates.preview')}
          </Text>
          <CsvPreview
            columns={width}
            columnName={(i) => header?.[i] || t('importTemplates.column', { n: i + 1 })}
            rows={body}
            striped
            data-testid="template-preview"
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('importTemplates.noSample')}
        </Text>
      )}
      <Title order={5}>{t('importTemplates.mappingTitle')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {MAPPING_FIELDS.map((field) => {
          // One column or several: the same box, as a select or a multi-select.
          const common = {
            label: t(`importTemplates.mapping.${field}`),
            required: MAPPING_REQUIRED.includes(field),
            disabled: form.readOnly,
            data: options,
            error: form.error(`parameters.mappings.${field}`),
            searchable: true,
            'data-testid': `mapping-${field}`,
          };
          return isMany(field) ? (
            <MultiSelect
              key={field}
              {...common}
              placeholder={t('importTemplates.pickMany')}
              value={(p.mappings[field] as string[] | undefined) ?? []}
              onChange={(v) => mapOne(field, v)}
            />
          ) : (
            <Select
              key={field}
              {...common}
              placeholder={t('importTemplates.pick')}
              value={(p.mappings[field] as string | undefined) || null}
              clearable
              onChange={(v) => mapOne(field, v ?? '')}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
