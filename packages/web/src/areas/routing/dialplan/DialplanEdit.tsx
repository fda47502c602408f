import { Stack, Switch } from '@mantine/core';
import { dialplan, type Ref, refOf } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import type { EditTab } from '../../../kit/edit/form';
import { RefSelect } from '../../../kit/fields/RefSelect';
import { TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';

export type DialplanValues = {
  name: string;
  schema: Ref | null;
  pattern: string;
  description: string;
  disabled: boolean;
};

const empty = (): DialplanValues => ({ name: '', schema: null, pattern: '', description: '', disabled: false });

const fromItem = (item: Record<string, unknown>): DialplanValues => ({
  name: String(item.name ?? ''),
  schema: (item.schema as Ref | null) ?? null,
  pattern: String(item.pattern ?? ''),
  description: String(item.description ?? ''),
  disabled: item.disabled === true,
});

/** `/routing/dialplan/new` and `/{id}`: a rule runs a voice flow for numbers its pattern matches. */
export function DialplanEdit() {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<DialplanValues>[]>(
    () => [
      {
        key: 'general',
        label: t('dialplan.tabs.general'),
        fields: ['name', 'schema', 'pattern', 'description', 'disabled'],
        render: (form) => (
          <Stack maw={640} gap="sm">
            <TextField form={form} name="name" label={t(fieldKey('name'))} required />
            <RefSelect
              of={refOf(dialplan, 'schema')}
              label={t(fieldKey('schema'))}
              required
              disabled={form.readOnly}
              error={form.error('schema') ?? form.error('schema.id')}
              value={form.values.schema}
              onChange={(v) => form.set('schema', v)}
            />
            <TextField form={form} name="pattern" label={t(fieldKey('pattern'))} required />
            <TextField form={form} name="description" kind="textarea" label={t(fieldKey('description'))} />
            <Switch
              label={t(fieldKey('disabled'))}
              disabled={form.readOnly}
              checked={form.values.disabled}
              onChange={(e) => form.set('disabled', e.currentTarget.checked)}
            />
          </Stack>
        ),
      },
    ],
    [t],
  );
  return (
    <EditScreen
      def={dialplan}
      tabs={tabs}
      empty={empty}
      fromItem={fromItem}
      title={(values, isNew) => (isNew ? t('dialplan.new') : values.name)}
    />
  );
}
