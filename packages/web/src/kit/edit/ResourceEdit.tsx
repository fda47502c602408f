import { Stack } from '@mantine/core';
import { formTabs, type ResourceDef } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from './EditScreen';
import { FormFieldView } from './FormFieldView';
import type { EditTab, FieldError, FormValues } from './form';
import { formDefaults, formFields, formFromItem, formToInput } from './values';

type Props = {
  def: ResourceDef;
  /** Hand-written tabs after the generated ones (a blacklist's numbers, say). */
  extraTabs?: EditTab<FormValues>[];
  /** Checks the schema cannot express. */
  check?: (values: FormValues) => FieldError[];
};

/**
 * The edit screen of a resource with a `form` in its definition: one tab per form tab (a single
 * `general` tab for a plain field list), values from the input schema's defaults, labels from
 * `fields.<field>`, the heading from `<resource>.new` or the record's name (else its first field).
 */
export function ResourceEdit({ def, extraTabs, check }: Props) {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<FormValues>[]>(() => {
    if (!def.form) throw new Error(`${def.name} has no form`);
    const single = !('tabs' in def.form);
    const generated = formTabs(def.form).map((tab) => ({
      key: tab.key,
      label: single ? t('kit.general') : t(`${def.name}.tabs.${tab.key}`),
      fields: tab.fields.map((f) => f.field),
      render: (form: Parameters<EditTab<FormValues>['render']>[0]) => (
        <Stack maw={640} gap="sm">
          {tab.fields.map((f) => (
            <FormFieldView key={f.field} form={form} field={f} resource={def.name} />
          ))}
        </Stack>
      ),
    }));
    return [...generated, ...(extraTabs ?? [])];
  }, [def, extraTabs, t]);
  return (
    <EditScreen<FormValues>
      def={def}
      tabs={tabs}
      empty={() => formDefaults(def)}
      fromItem={(item) => formFromItem(def, item)}
      toInput={(values) => formToInput(def, values)}
      check={check}
      title={(values, isNew) =>
        isNew ? t(`${def.name}.new`) : String(values.name ?? values[formFields(def)[0]?.field ?? ''] ?? '')
      }
    />
  );
}
