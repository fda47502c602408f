import { DEFAULT_FLOW_TYPE, type FlowType, formatFlowSchema, messages, parseFlowSchema } from '@switchboard/model';
import type { FieldError, FormCodec } from '../../../kit/edit/form';

export type FlowValues = {
  name: string;
  type: FlowType;
  tags: string[];
  editor: boolean;
  /** The schema as the code editor shows it: JSON text indented by 4 spaces. */
  schema: string;
  /** The payload as JSON text. */
  payload: string;
};

export const emptyFlow = (): FlowValues => ({
  name: '',
  type: DEFAULT_FLOW_TYPE,
  tags: [],
  editor: false,
  schema: formatFlowSchema([]),
  payload: formatFlowSchema({}),
});

export function flowFromItem(item: Record<string, unknown>): FlowValues {
  return {
    name: typeof item.name === 'string' ? item.name : '',
    type: (item.type as FlowType | undefined) ?? DEFAULT_FLOW_TYPE,
    tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
    editor: item.editor === true,
    schema: formatFlowSchema(item.schema ?? []),
    payload: formatFlowSchema(item.payload ?? {}),
  };
}

/** The payload text as an object, or null when it is not a JSON object. */
export function parsePayload(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  const parsed = parseFlowSchema(text);
  return parsed && !Array.isArray(parsed) ? parsed : null;
}

/** The schema goes as its text: the model parses it and refuses text that is not JSON. */
export const flowToInput = (values: FlowValues) => ({ ...values, payload: parsePayload(values.payload) ?? {} });

export const checkFlow = (values: FlowValues): FieldError[] =>
  parsePayload(values.payload) === null ? [{ field: 'payload', message: messages.json }] : [];

/** The flow form: a new flow, read, sent and checked. */
export const flowCodec: FormCodec<FlowValues> = {
  empty: emptyFlow,
  fromItem: flowFromItem,
  toInput: flowToInput,
  check: checkFlow,
};
