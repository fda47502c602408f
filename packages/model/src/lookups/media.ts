import { z } from 'zod';
import { lookup, NAME_COLUMN, sorted } from '../define.js';
import { cognitiveChoice } from '../integrations/cognitive-profiles.js';
import { messages } from '../messages.js';
import { required } from '../validation.js';

/** Audio kinds the media store accepts, told apart by their first bytes, not by the client's word. */
export const MEDIA_MIME_TYPES = ['audio/wav', 'audio/mpeg', 'audio/ogg'] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];

/** Upload size limit when MEDIA_MAX_BYTES is not set: 10 MB. */
export const MEDIA_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;

/** Multipart field of the upload (spec part 1 section 7). */
export const MEDIA_UPLOAD_FIELD = 'file';

/** Longest text one text-to-speech call speaks. */
export const TTS_MAX_TEXT = 2000;

/** Voices offered by the text-to-speech dialog (espeak-ng voice names). */
export const TTS_VOICES = ['en', 'en-us', 'ru', 'uk', 'de', 'fr', 'es'] as const;
export const TTS_DEFAULT_VOICE = 'en';

/**
 * Media files (class media_file): uploaded audio, listed by name, createdAt, mimeType and size
 * (spec part 1 section 3). Created by upload or text-to-speech, never by a JSON body; deleted
 * with their file.
 */
export const media = lookup({
  name: 'media',
  path: '/storage/media',
  objClass: 'media_file',
  input: z.object({ name: required() }),
  item: z.object({
    id: z.number(),
    name: z.string(),
    createdAt: z.string(),
    mimeType: z.string(),
    size: z.number(),
  }),
  defaultSort: '-createdAt',
  columns: [NAME_COLUMN, sorted('createdAt', 'date'), sorted('mimeType'), sorted('size')],
  ops: { create: false, update: false, patch: false, delete: true },
});

/** POST /storage/media/tts */
export const ttsInput = z.object({
  name: required(),
  text: required().pipe(z.string().max(TTS_MAX_TEXT, { error: `${messages.max} ${TTS_MAX_TEXT}` })),
  voice: z.enum(TTS_VOICES).default(TTS_DEFAULT_VOICE),
  /** A text-to-speech cognitive profile to speak through instead of the local engine. */
  profile: z.number({ error: messages.idType }).int().positive().optional(),
});

/** GET /storage/media/tts: whether an engine is installed on the server. */
export const ttsStatus = z.object({
  available: z.boolean(),
  engine: z.string(),
  voices: z.array(z.string()),
  /** The enabled text-to-speech profiles the caller may read: the dialog offers them beside the engine. */
  profiles: z.array(cognitiveChoice),
});

/** GET /storage/media/transcript: the enabled speech-to-text profiles the caller may read. */
export const sttStatus = z.object({ profiles: z.array(cognitiveChoice) });
