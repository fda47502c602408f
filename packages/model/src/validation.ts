import { z } from 'zod';
import { messages } from './messages.js';

/** Field builders that carry the spec's messages, shared by the API and the forms. */
export const required = () => z.string({ error: messages.required }).trim().min(1, { error: messages.required });

export const optionalText = () => z.string().trim().default('');

export const email = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: messages.email })
    .default('');

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const FQDN =
  /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;

const PHONE = /^\+?\d{2,15}$/;
export const isPhone = (v: string) => PHONE.test(v);
/** A required phone number (a blacklist's, say); empty is "required", not "not a phone". */
export const phone = () => required().refine(isPhone, { error: messages.phone });

export const isIpv4 = (v: string) => IPV4.test(v);
export const isHost = (v: string) => IPV4.test(v) || FQDN.test(v);
export const isMac = (v: string) => MAC.test(v);

export const ipv4 = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isIpv4(v), { error: messages.ipv4 });
export const host = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isHost(v), { error: messages.host });
export const mac = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isMac(v), { error: messages.mac });

export const int = (opts: { min?: number; max?: number } = {}) => {
  let s = z.number({ error: messages.numeric }).int({ error: messages.numeric });
  if (opts.min !== undefined) s = s.min(opts.min, { error: `${messages.min} ${opts.min}` });
  if (opts.max !== undefined) s = s.max(opts.max, { error: `${messages.max} ${opts.max}` });
  return s;
};

/** The last millisecond of 9999-12-31 (UTC): later times are no real date to store or compare. */
export const MAX_EPOCH_MS = 253402300799999;
/** A time as epoch milliseconds, within what the database stores. */
export const epochMs = () =>
  z
    .number({ error: messages.numeric })
    .min(0, { error: messages.timeRange })
    .max(MAX_EPOCH_MS, { error: messages.timeRange })
    .int({ error: messages.numeric });
/** A time that has passed (a day of clock skew is allowed). */
export const pastEpochMs = () => epochMs().refine((v) => v <= Date.now() + 86_400_000, { error: messages.futureTime });

export const positive = () => z.number({ error: messages.numeric }).positive({ error: messages.positive });

export const nonEmptyArray = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: messages.requiredArray }).min(1, { error: messages.requiredArray });

export const jsonText = () =>
  z.string().refine(
    (v) => {
      try {
        JSON.parse(v);
        return true;
      } catch {
        return false;
      }
    },
    { error: messages.json },
  );

/** A reference sent by the console: `{id}` (a name may come along and is ignored). */
/**
 * The message of a value that is missing (required) or there but of the wrong kind (`wrong`):
 * `{"id": "1"}` is told it needs a number, not that it is missing.
 */
export const missingOr =
  (wrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? messages.required : wrong;

/** A record id: a whole positive number. */
export const recordId = () =>
  z
    .number({ error: missingOr(messages.idType) })
    .int({ error: messages.idType })
    .positive({ error: messages.idType });

/** One of a fixed list of values, naming them when another is sent. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: missingOr(`${messages.oneOf} ${values.join(', ')}`) });

export const refInput = () => z.object({ id: recordId() });
/** A reference the record cannot do without: missing, it is "required". */
export const requiredRef = () => z.object({ id: recordId() }, { error: messages.required });
/** A reference as answered: `name` is left out where the caller may not read the record. */
/** Named texts (variables, a profile): keys and values not empty; none by default. */
export const textMap = () =>
  z
    .record(z.string().trim().min(1, { error: messages.required }), z.string().min(1, { error: messages.required }))
    .default({});

/** A provider's settings: texts by key; none by default. */
export const textSettings = () => z.record(z.string(), z.string({ error: 'Should be text' })).default({});

/** A name (required) and a description (optional), as the simplest records take them. */
export const nameAndDescription = () => z.object({ name: required(), description: optionalText() });

/** When a record was created and last changed, as items answer them. */
export const timestamps = () => ({ createdAt: z.string(), updatedAt: z.string() });

export const refOutput = () => z.object({ id: z.number(), name: z.string().optional() });
/** A record named in an answer that only ever names records the caller may see (ACL grantees). */
export const namedRef = () => z.object({ id: z.number(), name: z.string() });

/** Flattened validation errors: one message per field path. */
export function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  const seen = new Set<string>();
  const out: { field: string; message: string }[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}
