import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type FormField,
  formatDuration,
  TRIGGER_TIMEOUT_CAP,
  TRIGGER_TYPES,
  triggerRuns,
  triggers,
} from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import { type EditForm, type EditTab, savedTab } from '../../../kit/edit/form';
import { FieldView } from '../../../kit/fields/FieldView';
import { keyValueField } from '../../../kit/fields/keyValue';
import { NestedList } from '../../../kit/list/NestedList';
import { NextRuns } from './NextRuns';
import { RunNow } from './RunNow';
import { type TriggerValues, triggerCodec } from './values';

const FIELDS: Record<string, FormField> = {
  name: { field: 'name', required: true },
  description: { field: 'description', kind: 'textarea' },
  enabled: { field: 'enabled', kind: 'switch' },
  schema: { field: 'schema', kind: 'ref', required: true },
  timeout: { field: 'timeout', kind: 'number', required: true, min: 0, max: TRIGGER_TIMEOUT_CAP },
  timezone: { field: 'timezone', kind: 'timezone', required: true },
  type: { field: 'type', kind: 'select', required: true, options: TRIGGER_TYPES },
  expression: { field: 'expression', required: true },
  variables: keyValueField('variables'),
};

/** One field of the general tab, by the kit's component for its kind. */
function Field({ form, name }: { form: EditForm<TriggerValues>; name: keyof TriggerValues & string }) {
  return (
    <FieldView
      field={FIELDS[name]}
      def={triggers}
      path={name}
      value={form.values[name]}
      onChange={(value) => form.set(name, value as never)}
      form={form as never}
    />
  );
}

const runCells = {
  duration: (row: Record<string, unknown>) => formatDuration(row.duration as number | null),
};

/**
 * `/integrations/triggers/new` and `/{id}`: general (with the next five run times in the trigger's
 * zone) and, once saved, the run log with "Run now" above it, then the Permissions tab.
 */
export function TriggerEdit() {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<TriggerValues>[]>(
    () => [
      {
        key: 'general',
        fields: Object.keys(FIELDS),
        render: (form) => (
          <Stack maw={880} gap="sm">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <Field form={form} name="name" />
              <Field form={form} name="schema" />
              <Field form={form} name="type" />
              <Field form={form} name="timezone" />
              <Field form={form} name="expression" />
              <Field form={form} name="timeout" />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('triggers.expressionHint')} {t('triggers.timeoutHint')}
            </Text>
            <NextRuns expression={form.values.expression} timezone={form.values.timezone?.name ?? null} />
            <Field form={form} name="description" />
            <Field form={form} name="enabled" />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('fields.variables')}
              </Text>
              <Field form={form} name="variables" />
            </Stack>
            {form.id !== null && (
              <Group>
                <RunNow triggerId={form.id} hidden={form.readOnly} />
              </Group>
            )}
          </Stack>
        ),
      },
      savedTab('runs', (id, form) => (
        <NestedList
          def={triggerRuns}
          parentId={id}
          listOnly
          cells={runCells}
          toolbar={<RunNow triggerId={id} hidden={form.readOnly} />}
        />
      )),
    ],
    [t],
  );
  return <EditScreen def={triggers} tabs={tabs} codec={triggerCodec} />;
}
