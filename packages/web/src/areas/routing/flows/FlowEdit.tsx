import { Select, Stack, Switch, TagsInput, Textarea } from '@mantine/core';
import { FLOW_TYPES, type FlowType, flows } from '@switchboard/model';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import { type EditForm, type EditTab, savedTab } from '../../../kit/edit/form';
import { TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { FlowSchema } from './FlowSchema';
import { FlowVersions } from './FlowVersions';
import { useFlowTags } from './useFlowTags';
import { checkFlow, emptyFlow, type FlowValues, flowFromItem, flowToInput } from './values';

function FlowGeneral({ form }: { form: EditForm<FlowValues> }) {
  const { t } = useTranslation();
  const [tagSearch, setTagSearch] = useState('');
  const suggestions = useFlowTags(tagSearch);
  return (
    <Stack maw={640} gap="sm">
      <TextField form={form} name="name" label={t(fieldKey('name'))} required />
      <Select
        size="sm"
        label={t(fieldKey('type'))}
        required
        allowDeselect={false}
        disabled={form.readOnly}
        error={form.error('type')}
        data={FLOW_TYPES.map((type) => ({ value: type, label: t(`flows.types.${type}`) }))}
        value={form.values.type}
        onChange={(v) => v && form.set('type', v as FlowType)}
      />
      <TagsInput
        size="sm"
        label={t(fieldKey('tags'))}
        disabled={form.readOnly}
        error={form.error('tags')}
        data={suggestions}
        value={form.values.tags}
        searchValue={tagSearch}
        onSearchChange={setTagSearch}
        onChange={(tags) => form.set('tags', tags)}
      />
      <Switch
        label={t(fieldKey('editor'))}
        disabled={form.readOnly}
        checked={form.values.editor}
        onChange={(e) => form.set('editor', e.currentTarget.checked)}
      />
      <Textarea
        size="sm"
        label={t(fieldKey('payload'))}
        autosize
        minRows={3}
        // The JSON is code; its label is a label like any other field's.
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        disabled={form.readOnly}
        error={form.error('payload')}
        value={form.values.payload}
        onChange={(e) => form.set('payload', e.currentTarget.value)}
      />
    </Stack>
  );
}

/** `/routing/flow/new` and `/{id}`: general, the schema as code or diagram, kept versions. */
export function FlowEdit() {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<FlowValues>[]>(
    () => [
      {
        key: 'general',
        label: t('flows.tabs.general'),
        fields: ['name', 'type', 'tags', 'editor', 'payload'],
        render: (form) => <FlowGeneral form={form} />,
      },
      {
        key: 'schema',
        label: t('flows.tabs.schema'),
        fields: ['schema'],
        render: (form) => <FlowSchema form={form} />,
      },
      savedTab('versions', t('flows.tabs.versions'), (id, form) => (
        <FlowVersions flowId={id} readOnly={form.readOnly} onRestored={() => form.reload?.() ?? Promise.resolve()} />
      )),
    ],
    [t],
  );
  return (
    <EditScreen
      def={flows}
      tabs={tabs}
      empty={emptyFlow}
      fromItem={flowFromItem}
      toInput={flowToInput}
      check={checkFlow}
      title={(values, isNew) => (isNew ? t('flows.new') : values.name)}
    />
  );
}
