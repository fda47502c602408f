import {
  messages,
  type RefValue,
  TRIGGER_CRON_DEFAULT,
  TRIGGER_TIMEOUT_DEFAULT,
  TRIGGER_TYPES,
} from '@switchboard/model';
import type { FieldError, FormCodec } from '../../../kit/edit/form';
import type { KeyValue } from '../../../kit/fields/keyValue';

/** A trigger as the form holds it: variables as rows. */
export type TriggerValues = {
  name: string;
  description: string;
  enabled: boolean;
  schema: RefValue | null;
  timeout: number | '';
  timezone: { name: string } | null;
  type: string;
  expression: string;
  variables: KeyValue[];
};

/** The browser's own zone: where a new trigger's times are read first. */
function browserZone(): { name: string } | null {
  try {
    const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return name ? { name } : null;
  } catch {
    return null;
  }
}

export const emptyTrigger = (): TriggerValues => ({
  name: '',
  description: '',
  enabled: true,
  schema: null,
  timeout: TRIGGER_TIMEOUT_DEFAULT,
  timezone: browserZone(),
  type: TRIGGER_TYPES[0],
  expression: TRIGGER_CRON_DEFAULT,
  variables: [],
});

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function triggerFromItem(item: Record<string, unknown>): TriggerValues {
  const variables =
    item.variables && typeof item.variables === 'object' ? (item.variables as Record<string, string>) : {};
  return {
    name: text(item.name),
    description: text(item.description),
    enabled: item.enabled !== false,
    schema: (item.schema as RefValue | null) ?? null,
    timeout: typeof item.timeout === 'number' ? item.timeout : TRIGGER_TIMEOUT_DEFAULT,
    timezone: (item.timezone as { name: string } | null) ?? null,
    type: text(item.type) || TRIGGER_TYPES[0],
    expression: text(item.expression),
    variables: Object.entries(variables).map(([key, value]) => ({ key, value })),
  };
}

/** The body the API takes: variables as a map, rows with an empty key left out. */
export function triggerToInput(values: TriggerValues): Record<string, unknown> {
  const { variables, schema, timezone, timeout, ...rest } = values;
  return {
    ...rest,
    ...(schema ? { schema: { id: schema.id } } : {}),
    ...(timezone ? { timezone } : {}),
    timeout: timeout === '' ? undefined : timeout,
    variables: Object.fromEntries(
      variables.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]),
    ),
  };
}

/** What the schema cannot say: a row with a value needs its key (an empty row is skipped). */
export function checkTrigger(values: TriggerValues): FieldError[] {
  return values.variables.flatMap((row, index) =>
    !row.key.trim() && row.value ? [{ field: `variables.${index}.key`, message: messages.required }] : [],
  );
}

/** The trigger form: a new trigger, read, sent and checked. */
export const triggerCodec: FormCodec<TriggerValues> = {
  empty: emptyTrigger,
  fromItem: triggerFromItem,
  toInput: triggerToInput,
  check: checkTrigger,
};
