import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  MEDIA_UPLOAD_FIELD,
  type MediaMimeType,
  media as mediaDef,
  messages,
  sttStatus,
  TTS_VOICES,
  transcriptAnswer,
  transcriptInput,
  ttsInput,
  ttsStatus,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { keyedError } from '../../../core/errors.js';
import { doc, idParamDoc, validationError } from '../../../core/route.js';
import { type SignedInRequest, signedInRoute } from '../../../core/signed-in.js';
import { receiveUpload } from '../../../core/uploads.js';
import type { Db } from '../../../db/client.js';
import { mediaFiles } from '../../../db/schema.js';
import { isoSql, queryRows } from '../../../db/sql.js';
import { defineServerResource, guardOf } from '../../engine/define.js';
import { readItem } from '../../engine/ops.js';
import { recordOf } from '../../engine/record-of.js';
import { profileChoices, usableProfile } from '../../integrations/cognitive/cognitive-profiles.js';
import { synthesizeSpeech, transcribeSpeech } from '../../integrations/cognitive/providers.js';
import {
  ensureRoom,
  type Placement,
  placeFile,
  profileById,
  readPlaced,
  removePlaced,
} from '../../integrations/storage/files.js';
import { parseRange } from './range.js';
import { EXTENSIONS } from './sniff.js';
import { inspect, MediaRefused, mediaFile, receive, removeQuietly, tempFile } from './store.js';
import { synthesize, ttsAvailable } from './tts.js';

/** Where a media file's bytes live: a storage profile and key, or null for the local media folder. */
async function placementOf(db: Db, domainId: number, id: number): Promise<Placement | null> {
  const [row] = await queryRows<{ profileId: number | null; key: string | null }>(
    db,
    sql`select storage_profile_id as "profileId", storage_key as key from media_files
      where id = ${id} and domain_id = ${domainId}`,
  );
  if (!row?.profileId || !row.key) return null;
  const profile = await profileById(db, domainId, row.profileId);
  return profile ? { profile, key: row.key } : null;
}

/** Deleted items → where their bytes were, read before the rows go (see beforeDelete). */
const deletedPlacements = new WeakMap<object, Placement | null>();

export const mediaResource = defineServerResource(mediaDef, {
  table: mediaFiles,
  // Media has no per-record permissions (spec part 1 section 6): the class right decides.
  recordClass: null,
  fields: {
    createdAt: { select: isoSql('t.created_at'), column: 't.created_at' },
    mimeType: { select: 't.mime_type', column: 't.mime_type' },
  },
  beforeDelete: async (item, ctx, tx) => {
    deletedPlacements.set(item, await placementOf(tx, ctx.principal.domainId, item.id as number));
  },
  afterDeleteCommit: async (items, ctx) => {
    for (const item of items) {
      const placement = deletedPlacements.get(item);
      if (placement) {
        await removePlaced(ctx.app.config, placement, (err) =>
          ctx.request.log.warn({ err }, 'a stored media file was not removed'),
        );
      } else {
        await removeQuietly(
          mediaFile(ctx.app.config, ctx.principal.domainId, item.id as number, item.mimeType as string),
        );
      }
    }
  },
});

const c = mediaResource.compiled;
const NAME_MAX = 255;

/** A file name fit for a list: no folders or control characters, at most 255 characters. */
function cleanName(raw: string | undefined): string {
  const base = path.basename((raw ?? '').replaceAll('\\', '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, NAME_MAX) || 'audio';
}

const fileError = (message: string) => validationError('media', [{ field: MEDIA_UPLOAD_FIELD, message }]);

const tooLarge = (max: number) =>
  keyedError(413, 'app.media.too_large', 'mediaTooLarge', { max }, [
    { field: MEDIA_UPLOAD_FIELD, message: `${messages.max} ${max}` },
  ]);

/**
 * Records a checked temporary file: the row, then the file renamed to the row's id, in one
 * transaction so that neither stays without the other.
 */
async function store(request: SignedInRequest, temp: string, name: string, kind: { mimeType: string; size: number }) {
  const { db, config } = request.server.ctx;
  const principal = request.principal;
  let target: string | null = null;
  let placed: Placement | null = null;
  try {
    // The domain's storage profile takes the file before the row is written: a slow service must
    // not hold the database.
    placed = await placeFile(db, config, { id: principal.domainId, name: principal.domain }, temp, {
      size: kind.size,
      contentType: kind.mimeType,
      ext: EXTENSIONS[kind.mimeType as MediaMimeType] ?? 'bin',
      field: MEDIA_UPLOAD_FIELD,
    });
    if (placed) await removeQuietly(temp);
    return await db.transaction(async (tx) => {
      // Checked again with the row: two uploads at once must not pass the limit together.
      if (placed) await ensureRoom(tx, placed.profile, kind.size, MEDIA_UPLOAD_FIELD);
      const [row] = await tx
        .insert(mediaFiles)
        .values({
          domainId: principal.domainId,
          name,
          mimeType: kind.mimeType,
          size: kind.size,
          createdBy: principal.userId,
          storageProfileId: placed?.profile.id ?? null,
          storageKey: placed?.key ?? null,
        })
        .returning({ id: mediaFiles.id });
      if (!placed) {
        target = mediaFile(config, principal.domainId, row.id, kind.mimeType);
        await fs.promises.rename(temp, target);
      }
      return readItem(tx, c, principal, row.id);
    });
  } catch (error) {
    await removeQuietly(temp);
    if (target) await removeQuietly(target);
    if (placed)
      await removePlaced(config, placed, (err) => request.log.warn({ err }, 'a stored media file was not removed'));
    throw error;
  }
}

async function checked(temp: string) {
  try {
    return await inspect(temp);
  } catch (error) {
    if (error instanceof MediaRefused) throw fileError(error.message);
    throw error;
  }
}

const ttsUnavailable = () => keyedError(503, 'app.media.tts_unavailable', 'ttsUnavailable');

/**
 * Media routes beside the generic list, read and delete: multipart upload (token in the query),
 * the byte stream with Range for the player (token in the query), and text-to-speech.
 */
export async function registerMediaRoutes(app: FastifyInstance) {
  // Multipart parsing only in this scope: other routes keep refusing multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);
    signedInRoute(scope, {
      method: 'POST',
      url: '/api/storage/media',
      config: { guard: guardOf(c, 'x'), queryToken: true, resource: 'media' },
      schema: doc('media', `Upload an audio file (multipart field "${MEDIA_UPLOAD_FIELD}": WAV, MP3 or Ogg)`, {
        response: { 201: mediaDef.item },
      }),
      handler: async (request, reply) => {
        const { config } = request.server.ctx;
        if (!request.isMultipart())
          throw fileError(`Send the file as multipart/form-data in the field "${MEDIA_UPLOAD_FIELD}".`);
        const max = config.mediaMaxBytes;
        // The body arrives outside the admission queue, at a minimum rate (see receiveUpload).
        const { temp, filename } = await receiveUpload(
          request,
          reply,
          async (signal) => {
            const part = await request.file({ limits: { fileSize: max, files: 1, fields: 5 } });
            if (!part || part.fieldname !== MEDIA_UPLOAD_FIELD) throw fileError(messages.required);
            let temp: string;
            try {
              temp = await receive(config, request.principal.domainId, part.file, signal);
            } catch (error) {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(max);
              throw error;
            }
            if (part.file.truncated || signal.aborted) {
              await removeQuietly(temp);
              throw tooLarge(max);
            }
            return { temp, filename: part.filename };
          },
          (received) => removeQuietly(received.temp),
        );
        const kind = await checked(temp);
        const item = await store(request, temp, cleanName(filename), kind);
        return reply.status(201).send(item);
      },
    });
  });

  signedInRoute(app, {
    method: 'GET',
    url: '/api/storage/media/:id/stream',
    config: { guard: guardOf(c, 'r'), queryToken: true, resource: 'media' },
    schema: doc('media', 'The bytes of a media file; Range requests answer 206', { params: idParamDoc }),
    handler: async (request, reply) => {
      const { db, config } = request.server.ctx;
      const domainId = request.principal.domainId;
      const { id, row: item } = await recordOf(request, c);
      const placed = await placementOf(db, domainId, id);
      const file = mediaFile(config, domainId, id, item.mimeType as string);
      let size: number;
      try {
        size = placed ? (item.size as number) : (await fs.promises.stat(file)).size;
      } catch {
        throw keyedError(404, 'app.media.file_missing', 'mediaFileMissing');
      }
      /** The bytes from wherever the file was stored. */
      const open = async (range?: { start: number; end: number }) => {
        if (!placed) return fs.createReadStream(file, range ?? {});
        try {
          return await readPlaced(config, placed, range);
        } catch (error) {
          request.log.warn({ err: error }, 'a stored media file could not be read');
          throw keyedError(404, 'app.media.file_missing', 'mediaFileMissing');
        }
      };
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        throw keyedError(416, 'app.media.range', 'mediaRange', { size }, undefined, {
          'content-range': `bytes */${size}`,
          'accept-ranges': 'bytes',
        });
      }
      // Opened before any header is set: a file that cannot be read answers a plain error.
      const body = await open(range ?? undefined);
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', item.mimeType as string)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(item.name as string)}`)
        // A stored file is only ever sound: even opened as a page, it runs nothing and loads nothing.
        .header('content-security-policy', "sandbox; default-src 'none'");
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(body);
      }
      reply.status(200).header('content-length', size);
      return reply.send(body);
    },
  });

  signedInRoute(app, {
    method: 'GET',
    url: '/api/storage/media/tts',
    config: { guard: guardOf(c, 'r'), resource: 'media' },
    schema: doc(
      'media',
      'Whether a text-to-speech engine is installed, and the enabled text-to-speech profiles the caller may read',
      { response: { 200: ttsStatus } },
    ),
    handler: async (request) => {
      const { config, db } = request.server.ctx;
      const available = await ttsAvailable(config);
      return {
        available,
        engine: path.basename(config.ttsCommand),
        voices: available ? [...TTS_VOICES] : [],
        profiles: await profileChoices(db, request, 'tts'),
      };
    },
  });

  signedInRoute(app, {
    method: 'POST',
    url: '/api/storage/media/tts',
    config: { guard: guardOf(c, 'x'), resource: 'media' },
    schema: doc(
      'media',
      'Create a media file (WAV) from text with the local engine, or through a text-to-speech cognitive profile (`profile`: its id; needs its read right)',
      { body: ttsInput, response: { 201: mediaDef.item } },
    ),
    handler: async (request, reply) => {
      const { config } = request.server.ctx;
      const body = request.body as z.output<typeof ttsInput>;
      const temp = tempFile(config, request.principal.domainId);
      if (body.profile !== undefined) {
        // The provider is called before any row is written: a slow service must not hold the database.
        const profile = await usableProfile(request, body.profile, 'tts');
        const audio = await synthesizeSpeech(config, profile, body.text);
        await fs.promises.writeFile(temp, audio);
      } else {
        if (!(await ttsAvailable(config))) throw ttsUnavailable();
        try {
          await synthesize(config, body.text, body.voice, temp);
        } catch (error) {
          await removeQuietly(temp);
          request.log.error({ err: error }, 'text-to-speech failed');
          throw keyedError(500, 'app.media.tts_failed', 'ttsFailed');
        }
      }
      const kind = await checked(temp);
      if (kind.size > config.mediaMaxBytes) {
        await removeQuietly(temp);
        throw keyedError(413, 'app.media.too_large', 'speechTooLarge', { max: config.mediaMaxBytes }, [
          { field: 'text', message: `${messages.max} ${config.mediaMaxBytes}` },
        ]);
      }
      const item = await store(request, temp, cleanName(body.name), kind);
      return reply.status(201).send(item);
    },
  });

  signedInRoute(app, {
    method: 'GET',
    url: '/api/storage/media/transcript',
    config: { guard: guardOf(c, 'r'), resource: 'media' },
    schema: doc('media', 'The enabled speech-to-text profiles the caller may read', {
      response: { 200: sttStatus },
    }),
    handler: async (request) => ({ profiles: await profileChoices(request.server.ctx.db, request, 'stt') }),
  });

  // The transcript is answered, not stored: a media file is a prompt the administrator recorded,
  // and its text is shown to be read or copied.
  signedInRoute(app, {
    method: 'POST',
    url: '/api/storage/media/:id/transcript',
    config: { guard: guardOf(c, 'r'), resource: 'media' },
    schema: doc(
      'media',
      'What a speech-to-text cognitive profile hears in a WAV media file (needs the read right of the file and of the profile)',
      { params: idParamDoc, body: transcriptInput, response: { 200: transcriptAnswer } },
    ),
    handler: async (request) => {
      const { db, config } = request.server.ctx;
      const principal = request.principal;
      const { id, row: item } = await recordOf(request, c);
      const body = request.body;
      const profile = await usableProfile(request, body.profile, 'stt');
      if (item.mimeType !== 'audio/wav') throw keyedError(400, 'app.media.wav_only', 'cognitiveWavOnly');
      const placed = await placementOf(db, principal.domainId, id);
      let audio: Buffer;
      try {
        const stream = placed
          ? await readPlaced(config, placed)
          : fs.createReadStream(mediaFile(config, principal.domainId, id, item.mimeType as string));
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
        audio = Buffer.concat(chunks);
      } catch (error) {
        request.log.warn({ err: error }, 'a media file could not be read for its transcript');
        throw keyedError(404, 'app.media.file_missing', 'mediaFileMissing');
      }
      return { text: await transcribeSpeech(config, profile, audio) };
    },
  });
}
