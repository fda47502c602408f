import { Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { parseFlowSchema } from '@switchboard/model';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditForm } from '../../../kit/edit/form';
import type { FlowValues } from './values';

// The editor and the diagram are heavy: each loads only when shown.
const FlowCode = lazy(() => import('./FlowCode').then((m) => ({ default: m.FlowCode })));
const FlowDiagram = lazy(() => import('./FlowDiagram').then((m) => ({ default: m.FlowDiagram })));

type View = 'code' | 'diagram';

/** The schema tab: the JSON as code (CodeMirror) or as a diagram of its steps. */
export function FlowSchema({ form }: { form: EditForm<FlowValues> }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('code');
  const text = form.values.schema;
  const parsed = useMemo(() => parseFlowSchema(text), [text]);
  // Said as soon as the text stops parsing, and again by Save (which then sends nothing).
  const invalid = parsed === null ? t('validation.json') : form.error('schema');
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        w={240}
        value={view}
        onChange={(v) => setView(v as View)}
        data={[
          { value: 'code', label: t('flows.view.code') },
          { value: 'diagram', label: t('flows.view.diagram') },
        ]}
      />
      <Suspense fallback={<Loader size="sm" />}>
        {view === 'code' ? (
          <div data-testid="flow-code">
            <FlowCode
              value={text}
              readOnly={form.readOnly}
              label={t('flows.tabs.schema')}
              onChange={(v) => form.set('schema', v)}
            />
          </div>
        ) : parsed !== null ? (
          <FlowDiagram schema={parsed} label={t('flows.view.diagram')} />
        ) : null}
      </Suspense>
      {invalid && (
        <Text size="sm" c="red" role="alert" data-testid="schema-error">
          {invalid}
        </Text>
      )}
    </Stack>
  );
}
