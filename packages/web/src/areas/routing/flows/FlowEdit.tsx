import { Select, Stack, Switch, TagsInput, Textarea } from '@mantine/core';
import { FLOW_TYPES, type FlowType, flows } from '@switchboard/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import { type EditForm, type EditTab, savedTab } from '../../../kit/edit/form';
import { TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { FlowSchema } from './FlowSchema';
import { FlowVersions } from './FlowVersions';
import { useFlowTags } from './useFlowTags';
import { type FlowValues, flowCodec } from './values';

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

const TABS: EditTab<FlowValues>[] = [
  {
    key: 'general',
    fields: ['name', 'type', 'tags', 'editor', 'payload'],
    render: (form) => <FlowGeneral form={form} />,
  },
  { key: 'schema', fields: ['schema'], render: (form) => <FlowSchema form={form} /> },
  savedTab('versions', (id, form) => (
    <FlowVersions flowId={id} readOnly={form.readOnly} onRestored={() => form.reload?.() ?? Promise.resolve()} />
  )),
];

/** `/routing/flow/new` and `/{id}`: general, the schema as code or diagram, kept versions. */
export function FlowEdit() {
  return <EditScreen def={flows} tabs={TABS} codec={flowCodec} />;
}
