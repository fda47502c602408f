import { Stack } from '@mantine/core';
import { type FormField, formTabs, type ResourceDef, variantOf } from '@switchboard/model';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldView } from '../fields/FieldView';
import type { FieldProps } from '../fields/kinds';
import { valueAt } from '../path';
import { EditScreen } from './EditScreen';
import type { EditForm, EditTab, FieldError, FormCodec, FormValues } from './form';
import { formDefaults, formFields, formFromItem, formToInput, formVariantProblems } from './values';

type Props = {
  def: ResourceDef;
  /** Hand-written tabs after the generated ones (a blacklist's numbers, say). */
  extraTabs?: EditTab<FormValues>[];
  /** Checks the schema cannot express. */
  check?: (values: FormValues) => FieldError[];
  /** The variant a route fixes (`/register/new`): new records start as it. */
  variant?: string;
  /** Heading of a new record instead of `<resource>.new` (an i18n key). */
  newTitle?: string;
  /** Shown under the fields of the first tab (a live status, say). */
  after?: (form: EditForm<FormValues>) => ReactNode;
  /** A screen's own input for some fields, by field, instead of the one its kind gives. */
  fieldViews?: Readonly<Record<string, ComponentType<FieldProps>>>;
  /** The heading of a saved record, instead of its name (else its first field). */
  title?: (values: FormValues) => string;
};

/** A field on a generated tab; `variant` when only records of that variant show it. */
type Placed = FormField & { variant?: string };
type GeneratedTab = { key: string; fields: Placed[]; variant?: string };

/**
 * The tabs of a record: the common form's, then its variant's. A variant tab with the key of a
 * common one adds its fields to that tab; its other tabs follow.
 */
function tabsOf(def: ResourceDef): GeneratedTab[] {
  const out: GeneratedTab[] = def.form
    ? formTabs(def.form).map((tab) => ({ key: tab.key, fields: [...tab.fields] }))
    : [];
  for (const c of def.variants?.cases ?? []) {
    for (const tab of c.form ? formTabs(c.form) : []) {
      const common = out.find((x) => x.key === tab.key && !x.variant);
      if (common) common.fields.push(...tab.fields.map((f) => ({ ...f, variant: c.key })));
      else out.push({ key: tab.key, fields: [...tab.fields], variant: c.key });
    }
  }
  return out;
}

/** A field shown only while another holds a value (`when`) is shown now. */
const shownNow = (values: FormValues, f: FormField) => !f.when || valueAt(values, f.when.field) === f.when.equals;

/** A record's heading: its name, or its first field (a reference by the name it carries: an agent's user). */
function recordTitle(value: unknown): string {
  if (value && typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name ?? '');
  return String(value ?? '');
}

/**
 * The edit screen of a resource with a `form` in its definition: one tab per form tab (a single
 * `general` tab for a plain field list), values from the input schema's defaults, labels from
 * `fields.<field>`, the heading from `<resource>.new` or the record's name (else its first field).
 * With variants, the discriminator's value picks which fields and tabs show, which defaults a new
 * record takes and what it requires, as the server checks it.
 */
export function ResourceEdit({ def, extraTabs, check, variant, newTitle, after, fieldViews, title }: Props) {
  const { t } = useTranslation();
  const variants = def.variants;
  const fixed = variants?.cases.find((c) => c.key === variant);
  const tabs = useMemo<EditTab<FormValues>[]>(() => {
    if (!def.form && !variants) throw new Error(`${def.name} has no form`);
    const inVariant = (values: FormValues, key: string | undefined) =>
      !key || !variants || variantOf(variants, values)?.key === key;
    const generated = tabsOf(def).map((tab, index) => ({
      key: tab.key,
      // Every form has a general tab; a resource may word it its own way.
      label:
        tab.key === 'general'
          ? t(`${def.name}.tabs.general`, { defaultValue: t('kit.general') })
          : t(`${def.name}.tabs.${tab.key}`),
      fields: tab.fields.map((f) => f.field),
      shownWhen: tab.variant ? (values: FormValues) => inVariant(values, tab.variant) : undefined,
      render: (form: EditForm<FormValues>) => (
        <Stack maw={880} gap="sm">
          {tab.fields
            .filter((f) => inVariant(form.values, f.variant) && shownNow(form.values, f))
            .map((f) => {
              const View = fieldViews?.[f.field] ?? FieldView;
              return (
                <View
                  key={f.field}
                  def={def}
                  form={form}
                  field={f}
                  path={f.field}
                  // A variant's field may sit in a nested settings object (`properties.region`).
                  value={valueAt(form.values, f.field)}
                  onChange={(v) => form.set(f.field, v)}
                />
              );
            })}
          {index === 0 && after?.(form)}
        </Stack>
      ),
    }));
    return [...generated, ...(extraTabs ?? [])];
  }, [def, variants, extraTabs, t, after, fieldViews]);
  const codec = useMemo<FormCodec<FormValues>>(
    () => ({
      empty: () => formDefaults(def, fixed),
      fromItem: (item) => formFromItem(def, item),
      toInput: (values) => formToInput(def, values),
      check: (values, item) => [...formVariantProblems(def, values, item), ...(check?.(values) ?? [])],
    }),
    [def, fixed, check],
  );
  return (
    <EditScreen<FormValues>
      def={def}
      tabs={tabs}
      codec={codec}
      title={(values, isNew) =>
        isNew
          ? t(newTitle ?? `${def.name}.new`)
          : (title?.(values) ?? recordTitle(values.name ?? values[formFields(def)[0]?.field ?? '']))
      }
    />
  );
}
