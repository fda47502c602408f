import { memberExpiry, nestedPath, queueMembers } from '@switchboard/model';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import type { EditForm, EditTab, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { FieldView } from '../../../kit/fields/FieldView';
import { type KeyValue, keyValueField } from '../../../kit/fields/keyValue';

const VARIABLE_ROWS = keyValueField('variables');

const toRows = (map: unknown): KeyValue[] =>
  Object.entries((map ?? {}) as Record<string, string>).map(([key, value]) => ({ key, value }));

/** The variables map edited as key/value rows; a row without a key is kept on screen, not sent. */
function Variables({ form }: { form: EditForm<FormValues> }) {
  const [rows, setRows] = useState<KeyValue[]>(() => toRows(form.values.variables));
  return (
    <FieldView
      field={VARIABLE_ROWS}
      def={queueMembers}
      path="variables"
      value={rows}
      onChange={(next) => {
        const list = next as KeyValue[];
        setRows(list);
        form.set(
          'variables',
          Object.fromEntries(list.filter((r) => r.key.trim() !== '').map((r) => [r.key.trim(), r.value ?? ''])),
        );
      }}
      form={form}
    />
  );
}

const EXTRA_TABS: EditTab<FormValues>[] = [
  { key: 'variables', fields: ['variables'], render: (form) => <Variables key={form.id ?? 'new'} form={form} /> },
];

/**
 * `/contact-center/queues/{queueId}/members/new` and `/{id}`: general fields, communications as
 * rows (1 to 20; DTMF digits only) and variables as key/value rows. A new member expires in 7 days.
 */
export function MemberEdit() {
  const queueId = useParams().parentId ?? '';
  const def = useMemo(
    () => ({
      ...queueMembers,
      path: nestedPath(queueMembers, queueId),
      input: queueMembers.input.extend({ expireAt: z.string().nullable().default(memberExpiry()) }),
    }),
    [queueId],
  );
  return <ResourceEdit def={def} extraTabs={EXTRA_TABS} />;
}
