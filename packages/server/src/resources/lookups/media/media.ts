import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { MEDIA_UPLOAD_FIELD, media as mediaDef, messages, TTS_VOICES, ttsInput, ttsStatus } from '@switchboard/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mediaFiles } from '../../../db/schema.js';
import { keyedError } from '../../../http/errors.js';
import { defineServerResource, guardOf } from '../../engine/define.js';
import { doc, idParamDoc, parseBody, parseId, routeCompilers, validationError } from '../../engine/http.js';
import { findItem, notFound, readItem } from '../../engine/ops.js';
import { isoSql } from '../../engine/sql.js';
import { parseRange } from './range.js';
import { inspect, MediaRefused, mediaFile, receive, removeQuietly, tempFile } from './store.js';
import { synthesize, ttsAvailable } from './tts.js';

export const mediaResource = defineServerResource(mediaDef, {
  table: mediaFiles,
  // Media has no per-record permissions (spec part 1 section 6): the class right decides.
  recordClass: null,
  fields: {
    createdAt: { select: isoSql('t.created_at'), column: 't.created_at' },
    mimeType: { select: 't.mime_type', column: 't.mime_type' },
  },
  afterDeleteCommit: async (items, ctx) => {
    for (const item of items) {
      await removeQuietly(
        mediaFile(ctx.app.config, ctx.principal.domainId, item.id as number, item.mimeType as string),
      );
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
async function store(request: FastifyRequest, temp: string, name: string, kind: { mimeType: string; size: number }) {
  const { db, config } = request.server.ctx;
  const principal = request.principal!;
  let target: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mediaFiles)
        .values({
          domainId: principal.domainId,
          name,
          mimeType: kind.mimeType,
          size: kind.size,
          createdBy: principal.userId,
        })
        .returning({ id: mediaFiles.id });
      target = mediaFile(config, principal.domainId, row.id, kind.mimeType);
      await fs.promises.rename(temp, target);
      return readItem(tx, c, principal, row.id);
    });
  } catch (error) {
    await removeQuietly(temp);
    if (target) await removeQuietly(target);
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
    scope.route({
      method: 'POST',
      url: '/api/storage/media',
      config: { guard: guardOf(c, 'x'), queryToken: true },
      schema: doc('media', `Upload an audio file (multipart field "${MEDIA_UPLOAD_FIELD}": WAV, MP3 or Ogg)`, {
        response: { 201: mediaDef.item },
      }),
      ...routeCompilers,
      handler: async (request, reply) => {
        const { config } = request.server.ctx;
        if (!request.isMultipart())
          throw fileError(`Send the file as multipart/form-data in the field "${MEDIA_UPLOAD_FIELD}".`);
        const max = config.mediaMaxBytes;
        const part = await request.file({ limits: { fileSize: max, files: 1, fields: 5 } });
        if (!part || part.fieldname !== MEDIA_UPLOAD_FIELD) throw fileError(messages.required);
        let temp: string;
        try {
          temp = await receive(config, request.principal!.domainId, part.file);
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(max);
          throw error;
        }
        if (part.file.truncated) {
          await removeQuietly(temp);
          throw tooLarge(max);
        }
        const kind = await checked(temp);
        const item = await store(request, temp, cleanName(part.filename), kind);
        return reply.status(201).send(item);
      },
    });
  });

  app.route({
    method: 'GET',
    url: '/api/storage/media/:id/stream',
    config: { guard: guardOf(c, 'r'), queryToken: true },
    schema: doc('media', 'The bytes of a media file; Range requests answer 206', { params: idParamDoc }),
    ...routeCompilers,
    handler: async (request, reply) => {
      const { db, config } = request.server.ctx;
      const domainId = request.principal!.domainId;
      const id = parseId('media', (request.params as { id: string }).id);
      const item = await findItem(db, c, request.principal!, id);
      if (!item) throw notFound(c);
      const file = mediaFile(config, domainId, id, item.mimeType as string);
      let size: number;
      try {
        size = (await fs.promises.stat(file)).size;
      } catch {
        throw keyedError(404, 'app.media.file_missing', 'mediaFileMissing');
      }
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        throw keyedError(416, 'app.media.range', 'mediaRange', { size }, undefined, {
          'content-range': `bytes */${size}`,
          'accept-ranges': 'bytes',
        });
      }
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
        return reply.send(fs.createReadStream(file, { start: range.start, end: range.end }));
      }
      reply.status(200).header('content-length', size);
      return reply.send(fs.createReadStream(file));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/storage/media/tts',
    config: { guard: guardOf(c, 'r') },
    schema: doc('media', 'Whether a text-to-speech engine is installed', { response: { 200: ttsStatus } }),
    ...routeCompilers,
    handler: async (request) => {
      const { config } = request.server.ctx;
      const available = await ttsAvailable(config);
      return { available, engine: path.basename(config.ttsCommand), voices: available ? [...TTS_VOICES] : [] };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/storage/media/tts',
    config: { guard: guardOf(c, 'x') },
    schema: doc('media', 'Create a media file (WAV) from text with the local engine', {
      body: ttsInput,
      response: { 201: mediaDef.item },
    }),
    ...routeCompilers,
    handler: async (request, reply) => {
      const { config } = request.server.ctx;
      const body = parseBody('media', ttsInput, request.body);
      if (!(await ttsAvailable(config))) throw ttsUnavailable();
      const temp = tempFile(config, request.principal!.domainId);
      try {
        await synthesize(config, body.text, body.voice, temp);
      } catch (error) {
        await removeQuietly(temp);
        request.log.error({ err: error }, 'text-to-speech failed');
        throw keyedError(500, 'app.media.tts_failed', 'ttsFailed');
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
}
