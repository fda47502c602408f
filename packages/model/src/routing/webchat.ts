import { z } from 'zod';
import { messages } from '../messages.js';
import { isValidLogo } from './image-size.js';

/**
 * Web chat gateway settings (spec part 2 section 3). The API stores and answers them as the
 * original's text-valued metadata map; the console edits typed values. `webchatToMetadata` and
 * `webchatFromMetadata` convert both ways and round-trip exactly.
 */

export const WEBCHAT_ALTERNATIVE_CHANNELS = ['viber', 'whatsapp', 'telegram', 'messenger', 'email'] as const;
export type WebchatAlternativeChannel = (typeof WEBCHAT_ALTERNATIVE_CHANNELS)[number];
export const WEBCHAT_POSITIONS = ['right', 'left', 'static'] as const;
export const WEBCHAT_BORDER_STYLES = ['round', 'square'] as const;
export const WEBCHAT_LANGUAGES = ['en', 'ru', 'ua', 'es', 'kz', 'pl'] as const;

/** Seconds. readTimeout 30, writeTimeout 1, handshakeTimeout 10 (spec part 2 section 3). */
export const WEBCHAT_TIMEOUTS = {
  readTimeout: { default: 30, min: 30, max: 300 },
  writeTimeout: { default: 1, min: 1, max: 300 },
  handshakeTimeout: { default: 10, min: 1, max: 300 },
} as const;
export type WebchatTimeout = keyof typeof WEBCHAT_TIMEOUTS;
export const WEBCHAT_TIMEOUT_KEYS = Object.keys(WEBCHAT_TIMEOUTS) as WebchatTimeout[];

export const MB = 1024 * 1024;
/** 10 MB. */
export const WEBCHAT_MEDIA_MAX_SIZE = 10485760;

const flag = (d: boolean) => z.boolean().default(d);
const text = () => z.string().default('');

export const webchatView = z.object({
  borderRadiusStyle: z.enum(WEBCHAT_BORDER_STYLES).default('round'),
  lang: z.string().default('en'),
  btnOpacity: z.number().min(0).max(1).default(1),
  logoUrl: z.string().refine(isValidLogo, { error: messages.logo }).default(''),
  accentColor: z.string().default('#1d2733'),
  position: z.enum(WEBCHAT_POSITIONS).default('right'),
});

export const webchatChat = z.object({
  enabled: flag(true),
  timeoutIsActive: flag(false),
  /** Seconds before the chat window opens by itself. */
  openTimeout: z.number().int().min(0).default(0),
  url: text(),
});

const refOrNull = z
  .object({ id: z.number().int().positive(), name: z.string().default('') })
  .nullable()
  .default(null);

export const webchatAppointment = z.object({
  enabled: flag(false),
  url: text(),
  queue: refOrNull,
  communicationType: refOrNull,
  duration: z.string().default('30m'),
  days: z.number().int().min(1).default(3),
  availableAgents: z.number().int().min(1).default(1),
  successTitle: text(),
  successSubtitle: text(),
  showDefaultHeading: flag(true),
  showEmailField: flag(false),
  showMessageField: flag(false),
});

const channel = z.object({ url: text(), enabled: flag(false) });
export const webchatAlternativeChannels = z.object(
  Object.fromEntries(
    WEBCHAT_ALTERNATIVE_CHANNELS.map((c) => [c, channel.default({ url: '', enabled: false })]),
  ) as Record<WebchatAlternativeChannel, z.ZodDefault<typeof channel>>,
);

/** The typed settings the console edits. */
export type WebchatValues = {
  allowOrigin: string[];
  readTimeout: number;
  writeTimeout: number;
  handshakeTimeout: number;
  /** In bytes; the form shows MB. */
  mediaMaxSize: number;
  view: z.output<typeof webchatView>;
  chat: z.output<typeof webchatChat>;
  appointment: z.output<typeof webchatAppointment>;
  alternativeChannels: z.output<typeof webchatAlternativeChannels>;
};

export function defaultWebchat(): WebchatValues {
  return {
    allowOrigin: [],
    readTimeout: WEBCHAT_TIMEOUTS.readTimeout.default,
    writeTimeout: WEBCHAT_TIMEOUTS.writeTimeout.default,
    handshakeTimeout: WEBCHAT_TIMEOUTS.handshakeTimeout.default,
    mediaMaxSize: WEBCHAT_MEDIA_MAX_SIZE,
    view: webchatView.parse({}),
    chat: webchatChat.parse({}),
    appointment: webchatAppointment.parse({}),
    alternativeChannels: webchatAlternativeChannels.parse({}),
  };
}

/** The metadata map as stored: comma-joined origins, `30s` timeouts, bytes as text, JSON text. */
export function webchatToMetadata(v: WebchatValues): Record<string, string> {
  return {
    allowOrigin: v.allowOrigin
      .map((o) => o.trim())
      .filter(Boolean)
      .join(','),
    readTimeout: `${v.readTimeout}s`,
    writeTimeout: `${v.writeTimeout}s`,
    handshakeTimeout: `${v.handshakeTimeout}s`,
    mediaMaxSize: String(v.mediaMaxSize),
    view: JSON.stringify(v.view),
    chat: JSON.stringify(v.chat),
    appointment: JSON.stringify(v.appointment),
    alternativeChannels: JSON.stringify(v.alternativeChannels),
  };
}

const seconds = (raw: string | undefined, fallback: number) => {
  const m = /^(\d+)s$/.exec(raw ?? '');
  return m ? Number(m[1]) : fallback;
};

function json<T extends z.ZodType>(schema: T, raw: string | undefined): z.output<T> {
  let value: unknown = {};
  try {
    value = raw ? JSON.parse(raw) : {};
  } catch {
    value = {};
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : schema.parse({});
}

/** Typed settings from a stored map; what is missing or unreadable takes its default. */
export function webchatFromMetadata(m: Record<string, string>): WebchatValues {
  const size = /^\d+$/.test(m.mediaMaxSize ?? '') ? Number(m.mediaMaxSize) : WEBCHAT_MEDIA_MAX_SIZE;
  return {
    allowOrigin: (m.allowOrigin ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    readTimeout: seconds(m.readTimeout, WEBCHAT_TIMEOUTS.readTimeout.default),
    writeTimeout: seconds(m.writeTimeout, WEBCHAT_TIMEOUTS.writeTimeout.default),
    handshakeTimeout: seconds(m.handshakeTimeout, WEBCHAT_TIMEOUTS.handshakeTimeout.default),
    mediaMaxSize: size,
    view: json(webchatView, m.view),
    chat: json(webchatChat, m.chat),
    appointment: json(webchatAppointment, m.appointment),
    alternativeChannels: json(webchatAlternativeChannels, m.alternativeChannels),
  };
}

type Problem = { field: string; message: string };

/** Checks a stored web chat map: every key present with its text shape and range. */
export function webchatProblems(m: Record<string, string>): Problem[] {
  const out: Problem[] = [];
  const at = (key: string) => `metadata.${key}`;
  for (const key of WEBCHAT_TIMEOUT_KEYS) {
    const { min, max } = WEBCHAT_TIMEOUTS[key];
    const raw = m[key];
    const match = /^(\d+)s$/.exec(raw ?? '');
    if (raw === undefined || raw === '') out.push({ field: at(key), message: messages.required });
    else if (!match) out.push({ field: at(key), message: messages.numeric });
    else if (Number(match[1]) < min) out.push({ field: at(key), message: `${messages.min} ${min}` });
    else if (Number(match[1]) > max) out.push({ field: at(key), message: `${messages.max} ${max}` });
  }
  const size = m.mediaMaxSize;
  if (size === undefined || size === '') out.push({ field: at('mediaMaxSize'), message: messages.required });
  else if (!/^\d+$/.test(size)) out.push({ field: at('mediaMaxSize'), message: messages.numeric });
  else if (Number(size) < 1) out.push({ field: at('mediaMaxSize'), message: messages.positive });
  const parts: [string, z.ZodType][] = [
    ['view', webchatView],
    ['chat', webchatChat],
    ['appointment', webchatAppointment],
    ['alternativeChannels', webchatAlternativeChannels],
  ];
  for (const [key, schema] of parts) {
    const raw = m[key];
    if (raw === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      out.push({ field: at(key), message: messages.json });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      out.push({ field: [at(key), ...issue.path.map(String)].join('.'), message: issue.message });
    }
  }
  return out;
}
