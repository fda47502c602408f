import { Select, Stack } from '@mantine/core';
import { RESOURCE_CID_TYPES, RESOURCE_EARLY_MEDIA } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../../../kit/edit/form';

type Parameters = { cidType: string; ignoreEarlyMedia: string };

const KEYS = { cidType: RESOURCE_CID_TYPES, ignoreEarlyMedia: RESOURCE_EARLY_MEDIA } as const;

/** The call parameters of a resource (`parameters {cidType, ignoreEarlyMedia}`), chosen from their lists. */
export function ResourceParameters({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  const value = (form.values.parameters ?? {}) as Parameters;
  return (
    <Stack maw={880} gap="sm">
      {(Object.keys(KEYS) as (keyof Parameters)[]).map((key) => (
        <Select
          key={key}
          label={t(`fields.parameters_${key}`)}
          allowDeselect={false}
          disabled={form.readOnly}
          error={form.error(`parameters.${key}`)}
          data={KEYS[key].map((v) => ({ value: v, label: t(`resources.options.${key}.${v}`) }))}
          value={value[key] ?? null}
          onChange={(v) => form.set('parameters', { ...value, [key]: v ?? KEYS[key][0] })}
        />
      ))}
    </Stack>
  );
}
