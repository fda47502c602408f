import { Stack, Switch } from '@mantine/core';
import { chatplan, type Ref, refOf } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import type { EditTab } from '../../../kit/edit/form';
import { RefSelect } from '../../../kit/fields/RefSelect';
import { TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';

export type ChatplanValues = { name: string; schema: Ref | null; description: string; enabled: boolean };

const empty = (): ChatplanValues => ({ name: '', schema: null, description: '', enabled: true });

const fromItem = (item: Record<string, unknown>): ChatplanValues => ({
  name: String(item.name ?? ''),
  schema: (item.schema as Ref | null) ?? null,
  description: String(item.description ?? ''),
  enabled: item.enabled !== false,
});

/** `/routing/chatplan/new` and `/{id}`: which chat flow serves outgoing chats. */
export function ChatplanEdit() {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<ChatplanValues>[]>(
    () => [
      {
        key: 'general',
        label: t('chatplan.tabs.general'),
        fields: ['name', 'schema', 'description', 'enabled'],
        render: (form) => (
          <Stack maw={640} gap="sm">
            <TextField form={form} name="name" label={t(fieldKey('name'))} required />
            <RefSelect
              of={refOf(chatplan, 'schema')}
              label={t(fieldKey('schema'))}
              required
              disabled={form.readOnly}
              error={form.error('schema') ?? form.error('schema.id')}
              value={form.values.schema}
              onChange={(v) => form.set('schema', v)}
            />
            <TextField form={form} name="description" kind="textarea" label={t(fieldKey('description'))} />
            <Switch
              label={t(fieldKey('enabled'))}
              disabled={form.readOnly}
              checked={form.values.enabled}
              onChange={(e) => form.set('enabled', e.currentTarget.checked)}
            />
          </Stack>
        ),
      },
    ],
    [t],
  );
  return (
    <EditScreen
      def={chatplan}
      tabs={tabs}
      empty={empty}
      fromItem={fromItem}
      title={(values, isNew) => (isNew ? t('chatplan.new') : values.name)}
    />
  );
}
