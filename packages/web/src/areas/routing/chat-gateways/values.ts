import {
  type ChatProvider,
  chatGateways,
  defaultWebchat,
  messages,
  providerMetadata,
  type Ref,
  variantProblems,
  type WebchatValues,
  webchatFromMetadata,
  webchatToMetadata,
} from '@switchboard/model';
import type { FieldError, FormCodec } from '../../../kit/edit/form';

export type Updates = { title: string; close: string; join: string; left: string };

/**
 * A chat gateway as the form holds it. Web chat settings are typed (`webchat`); every other
 * provider edits the stored text map (`metadata`) directly.
 */
export type ChatGatewayValues = {
  name: string;
  uri: string;
  flow: Ref | null;
  provider: ChatProvider | null;
  enabled: boolean;
  metadata: Record<string, string>;
  /** Secret settings stored on the server (never sent back): empty fields keep them. */
  secretsSet: string[];
  webchat: WebchatValues;
  updates: Updates;
};

export const emptyChatGateway = (): ChatGatewayValues => ({
  name: '',
  uri: '',
  flow: null,
  provider: null,
  enabled: false,
  metadata: {},
  secretsSet: [],
  webchat: defaultWebchat(),
  updates: { title: '', close: '', join: '', left: '' },
});

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function chatGatewayFromItem(item: Record<string, unknown>): ChatGatewayValues {
  const metadata = (item.metadata as Record<string, string> | undefined) ?? {};
  const provider = (item.provider as ChatProvider | undefined) ?? null;
  return {
    name: text(item.name),
    uri: text(item.uri),
    flow: (item.flow as Ref | null) ?? null,
    provider,
    enabled: item.enabled === true,
    metadata: provider === 'webchat' ? {} : { ...metadata },
    secretsSet: Array.isArray(item.secretsSet) ? (item.secretsSet as string[]) : [],
    webchat: provider === 'webchat' ? webchatFromMetadata(metadata) : defaultWebchat(),
    updates: { title: '', close: '', join: '', left: '', ...(item.updates as Partial<Updates> | undefined) },
  };
}

export function metadataOf(values: ChatGatewayValues): Record<string, string> {
  return values.provider === 'webchat' ? webchatToMetadata(values.webchat) : values.metadata;
}

/** The body: web chat settings become the stored text map; the flow goes by id. */
export function chatGatewayToInput(values: ChatGatewayValues): Record<string, unknown> {
  const { webchat: _typed, secretsSet: _set, flow, provider, ...rest } = values;
  return {
    ...rest,
    ...(flow ? { flow: { id: flow.id } } : {}),
    ...(provider ? { provider } : {}),
    metadata: metadataOf(values),
  };
}

/** Settings a new provider starts from: its variant's settings, empty, then its defaults. */
export function switchProvider(values: ChatGatewayValues, provider: ChatProvider | null): ChatGatewayValues {
  return {
    ...values,
    provider,
    metadata: provider && provider !== 'webchat' ? providerMetadata(provider) : {},
    webchat: defaultWebchat(),
  };
}

export function checkChatGateway(values: ChatGatewayValues): FieldError[] {
  const out: FieldError[] = [];
  if (!values.provider) return out;
  // What the provider's variant requires, as the server checks it: a stored secret counts as set.
  const record = { provider: values.provider, metadata: metadataOf(values) };
  out.push(...variantProblems(chatGateways.variants!, record, { secretsSet: values.secretsSet }));
  if (values.webchat.mediaMaxSize <= 0) out.push({ field: 'metadata.mediaMaxSize', message: messages.positive });
  return out;
}

/** The chat gateway form: a new gateway, read, sent and checked. */
export const chatGatewayCodec: FormCodec<ChatGatewayValues> = {
  empty: emptyChatGateway,
  fromItem: chatGatewayFromItem,
  toInput: chatGatewayToInput,
  check: checkChatGateway,
};
