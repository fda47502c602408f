import { Select } from '@mantine/core';
import { LOGGABLE_OBJECTS } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { type FieldProps, useFieldLabel } from '../../../kit/fields/kinds';

type Objects = { items: { id: string; name: string }[] };
const PATH = '/logger/available_objects';

/**
 * The object of a change-log setting: every loggable object the server offers, those with a
 * setting already marked and not chosen again (a second one would be refused), but the record's own.
 */
export function ObjectField({ field, path, value, onChange, form }: FieldProps) {
  const { t } = useTranslation();
  const label = useFieldLabel(field);
  const every = useQuery({
    queryKey: [PATH, 'all'],
    queryFn: ({ signal }) => api.get<Objects>(PATH, { query: { includeExisting: 'true' }, signal }),
  });
  const free = useQuery({ queryKey: [PATH], queryFn: ({ signal }) => api.get<Objects>(PATH, { signal }) });
  const freeIds = new Set((free.data?.items ?? []).map((o) => o.id));
  const own = form.item?.object;
  const ids = every.data?.items.map((o) => o.id) ?? [...LOGGABLE_OBJECTS];
  const data = ids.map((id) => {
    const taken = free.isSuccess && !freeIds.has(id) && id !== own;
    const name = t(`loggerConfig.options.object.${id}`, { defaultValue: id });
    return { value: id, label: taken ? t('loggerConfig.configured', { name }) : name, disabled: taken };
  });
  return (
    <Select
      label={label}
      required={field.required}
      error={form.error(path)}
      disabled={form.readOnly}
      searchable
      nothingFoundMessage={t('kit.nothingFound')}
      data={data}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v)}
    />
  );
}
