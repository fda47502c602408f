import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { IMPORTS_TOPIC, type ImportItem, importError, importItem, importOptions, messages } from '@switchboard/model';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { keyedError } from '../../core/errors.js';
import { doc, paramId, parseBody, validationError } from '../../core/route.js';
import { type SignedInRequest, signedInRoute, signedInRoutes } from '../../core/signed-in.js';
import { receiveUpload } from '../../core/uploads.js';
import { rawQuery } from '../../db/raw.js';
import { registerTopic } from '../../events/hub.js';
import { guardOf } from '../engine/define.js';
import { sendCsv } from '../engine/export.js';
import { linkOf, parentOf } from '../engine/nested.js';
import { allImporters, type Importer } from './importer.js';
import type { ImportRecord } from './phase.js';
import { IMPORT_QUEUE } from './run.js';

registerTopic(IMPORTS_TOPIC, {
  cls: null,
  // Progress goes to the user who started the import only.
  audience: (principal, data) => data.userId === principal.userId,
});

const ITEM_SQL = `select id, resource, parent_id as "parentId", file_name as "fileName", bytes::float8 as bytes, mode, charset,
  separator, header, mapping, state, phase, bytes_read::float8 as "bytesRead", rows_read as "rowsRead",
  rows_to_load as "rowsToLoad", rows_loaded as "rowsLoaded", rows_failed as "rowsFailed",
  rows_skipped as "rowsSkipped", error,
  error_key as "errorKey", error_params as "errorParams",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt",
  to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "finishedAt"
  from imports`;

/** An uploaded file stored under IMPORT_DIR. */
export type Upload = { path: string; name: string; bytes: number };

/**
 * Receives a multipart upload: the file (field `file`) is stored under IMPORT_DIR while its bytes
 * are counted (413 past IMPORT_MAX_BYTES, nothing kept); the other fields come back as text. The
 * body arrives outside the admission queue, at a minimum rate, within the user's uploads (see
 * `receiveUpload`). `drop` removes the stored file (a request refused after all).
 */
export async function receiveFile(
  request: SignedInRequest,
  reply: FastifyReply,
  resource: string,
): Promise<{ fields: Record<string, string>; file: Upload | null; drop: () => Promise<void> }> {
  const { config } = request.server.ctx;
  if (!request.isMultipart()) {
    throw validationError(resource, [
      { field: 'file', message: 'Send the file as multipart/form-data in the field "file"' },
    ]);
  }
  const principal = request.principal;
  const dir = path.join(config.importDir, String(principal.domainId));
  await fs.promises.mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: { path: string; name: string; bytes: number } | null = null;
  const drop = () => (file ? fs.promises.rm(file.path, { force: true }) : Promise.resolve());
  try {
    await receiveUpload(request, reply, async (signal) => {
      try {
        for await (const part of request.parts({ limits: { fileSize: config.importMaxBytes, files: 1, fields: 10 } })) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || file || signal.aborted) {
            part.file.resume();
            continue;
          }
          const target = path.join(dir, `${randomUUID()}.csv`);
          file = { path: target, name: part.filename || 'import.csv', bytes: 0 };
          const counted = file;
          part.file.on('data', (chunk: Buffer) => {
            counted.bytes += chunk.length;
          });
          await pipeline(part.file, fs.createWriteStream(target), { signal });
          if (part.file.truncated) throw tooLarge(config.importMaxBytes);
        }
      } catch (error) {
        // Also after a cut (408), when this goes on failing on its own.
        await drop();
        throw error;
      }
    });
  } catch (error) {
    await drop();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(config.importMaxBytes);
    throw error;
  }
  return { fields, file, drop };
}

/** What an import is recorded with besides its file. */
export type ImportValues = {
  resource: string;
  parentId: number | null;
  mode: string;
  charset: string;
  separator: string;
  header: boolean;
  mapping?: Record<string, number> | null;
  options?: Record<string, unknown> | null;
};

/** Records an import of the caller's and queues its job; answers the import. */
export async function queueImport(request: SignedInRequest, file: Upload, v: ImportValues): Promise<ImportItem> {
  const { raw, jobs } = request.server.ctx;
  const principal = request.principal;
  const [created] = await rawQuery<{ id: number }>(
    raw!,
    `insert into imports (domain_id, user_id, user_ip, resource, parent_id, file_name, file_path, bytes, mode,
       charset, separator, header, mapping, options)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb) returning id`,
    [
      principal.domainId,
      principal.userId,
      request.ip,
      v.resource,
      v.parentId,
      file.name.slice(0, 255),
      file.path,
      file.bytes,
      v.mode,
      v.charset,
      v.separator,
      v.header,
      v.mapping ? JSON.stringify(v.mapping) : null,
      v.options ? JSON.stringify(v.options) : null,
    ],
  );
  await jobs.send(IMPORT_QUEUE, { importId: created.id }, { retryLimit: 0 });
  const [item] = await rawQuery<ImportItem>(raw!, `${ITEM_SQL} where id = $1`, [created.id]);
  return item;
}

/** Upload routes declared elsewhere (they need the multipart parser of the import routes' scope). */
const uploadRoutes: ((scope: FastifyInstance) => void)[] = [];
export const addUploadRoute = (register: (scope: FastifyInstance) => void) => uploadRoutes.push(register);

const tag = 'imports';
const notFound = () => keyedError(404, 'app.imports.not_found', 'notFound', { resource: 'imports' });

/** An import of the caller's (only its starter sees it); 404 for any other. */
async function ownImport(request: SignedInRequest): Promise<ImportItem> {
  const id = paramId(request, tag);
  const principal = request.principal;
  const [item] = await rawQuery<ImportItem>(
    request.server.ctx.raw!,
    `${ITEM_SQL} where id = $1 and domain_id = $2 and user_id = $3`,
    [id, principal.domainId, principal.userId],
  );
  if (!item) throw notFound();
  return item;
}

const tooLarge = (max: number) => keyedError(413, 'app.imports.too_large', 'importTooLarge', { max });

/**
 * `POST {resource path}/import`: receives the file (multipart field `file`, options as fields
 * before or after it), stores it under IMPORT_DIR while counting its bytes (413 past
 * IMPORT_MAX_BYTES, nothing kept), records the import and queues its job. Answers 202.
 */
function registerUpload(scope: FastifyInstance, importer: Importer) {
  const c = importer.compiled;
  const def = importer.def;
  const link = linkOf(c);
  signedInRoute(scope, {
    method: 'POST',
    url: `/api${def.path}/import`,
    config: { guard: guardOf(c, 'x'), resource: def.name },
    schema: doc(
      def.name,
      `Import a CSV file (multipart: file; mode all|skip|dry, charset, separator, header, mapping). Columns: ${def.import.columns
        .map((col) => col.field)
        .join(', ')}`,
      { params: link ? z.object({ [link.param]: z.string() }) : undefined, response: { 202: importItem } },
    ),
    handler: async (request, reply) => {
      const parentId = link ? await parentOf(c, link, request, 'x') : null;
      if (!request.isMultipart()) {
        throw validationError(def.name, [
          { field: 'file', message: 'Send the file as multipart/form-data in the field "file"' },
        ]);
      }
      const { fields, file, drop } = await receiveFile(request, reply, def.name);
      try {
        if (!file) throw validationError(def.name, [{ field: 'file', message: messages.required }]);
        const options = parseBody(def.name, importOptions, fields);
        if (options.mapping) {
          const known = new Set(def.import.columns.map((col) => col.field));
          const problems = Object.keys(options.mapping)
            .filter((f) => !known.has(f))
            .map((f) => ({
              field: `mapping.${f}`,
              message: `${messages.unknownColumn} (known: ${[...known].join(', ')})`,
            }));
          for (const col of def.import.columns) {
            if (col.required && !(col.field in options.mapping)) {
              problems.push({ field: `mapping.${col.field}`, message: messages.required });
            }
          }
          if (problems.length) throw validationError(def.name, problems);
        }
        const item = await queueImport(request, file, {
          resource: def.name,
          parentId,
          mode: options.mode,
          charset: options.charset,
          separator: options.separator,
          header: options.header,
          mapping: options.mapping,
        });
        return reply.status(202).send(item);
      } catch (error) {
        await drop();
        throw error;
      }
    },
  });
}

const listQuery = z.object({
  resource: z.string().optional(),
  parentId: z.coerce.number().int().positive({ error: 'Should be the numeric id of a record' }).optional(),
});
const errorsQuery = z.object({
  page: z.coerce.number().int().min(1, { error: 'Should be at least 1' }).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, { error: 'Should be at least 1' })
    .max(1000, { error: 'Should be at most 1000' })
    .default(50),
});

/** Rows of the report read per query of the CSV download. */
const REPORT_PAGE = 5000;

/** The upload route of every importer, and the routes of imports themselves. */
export async function registerImportRoutes(app: FastifyInstance) {
  // Multipart parsing only in this scope: other routes keep refusing multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart);
    for (const importer of allImporters()) if (!importer.noUpload) registerUpload(scope, importer);
    for (const register of uploadRoutes) register(scope);
  });
  const route = signedInRoutes(app, { tag, guard: 'authenticated', resource: tag });

  route('GET /api/imports', "The caller's 20 latest imports, newest first", {
    querystring: listQuery,
    response: { 200: z.object({ items: z.array(importItem) }) },
    handler: async (request) => {
      const q = parseBody(tag, listQuery, request.query);
      const principal = request.principal;
      const params: unknown[] = [principal.domainId, principal.userId];
      let where = 'domain_id = $1 and user_id = $2';
      if (q.resource) where += ` and resource = $${params.push(q.resource)}`;
      if (q.parentId) where += ` and parent_id = $${params.push(q.parentId)}`;
      const items = await rawQuery(
        request.server.ctx.raw!,
        `${ITEM_SQL} where ${where} order by id desc limit 20`,
        params,
      );
      return { items };
    },
  });

  route('GET /api/imports/:id', 'An import: its state and progress', {
    params: z.object({ id: z.string() }),
    response: { 200: importItem },
    handler: (request) => ownImport(request),
  });

  route(
    'POST /api/imports/:id/cancel',
    'Cancel an import: at once while queued, after the current chunk while running',
    {
      params: z.object({ id: z.string() }),
      response: { 200: importItem },
      handler: async (request) => {
        const item = await ownImport(request);
        const raw = request.server.ctx.raw!;
        if (item.state !== 'queued' && item.state !== 'running')
          throw keyedError(409, 'app.imports.ended', 'importEnded');
        // All or nothing: once rows are going in, stopping would leave part of the file behind.
        if (item.phase === 'loading' && item.mode === 'all')
          throw keyedError(409, 'app.imports.loading', 'importLoading');
        const [queued] = await rawQuery<Pick<ImportRecord, 'file_path'>>(
          raw,
          `update imports set state = 'cancelled', finished_at = now(), error = 'Cancelled.',
           error_key = 'errors.importCancelled', error_params = '{}'::jsonb
         where id = $1 and state = 'queued' returning file_path`,
          [item.id],
        );
        if (queued) await fs.promises.rm(queued.file_path, { force: true });
        else await rawQuery(raw, 'update imports set cancel_requested = true where id = $1', [item.id]);
        const [now] = await rawQuery<ImportItem>(raw, `${ITEM_SQL} where id = $1`, [item.id]);
        return now;
      },
    },
  );

  route('GET /api/imports/:id/errors', 'The report of an import: lines, fields and messages, by line', {
    params: z.object({ id: z.string() }),
    querystring: errorsQuery,
    response: { 200: z.object({ items: z.array(importError), next: z.boolean() }) },
    handler: async (request) => {
      const item = await ownImport(request);
      const q = parseBody(tag, errorsQuery, request.query);
      const rows = await rawQuery<z.infer<typeof importError>>(
        request.server.ctx.raw!,
        'select line, field, message from import_errors where import_id = $1 order by line, id limit $2 offset $3',
        [item.id, q.size + 1, (q.page - 1) * q.size],
      );
      return { items: rows.slice(0, q.size), next: rows.length > q.size };
    },
  });

  route('GET /api/imports/:id/errors.csv', 'The report of an import as CSV (line, field, message)', {
    params: z.object({ id: z.string() }),
    handler: async (request, reply) => {
      const item = await ownImport(request);
      const raw = request.server.ctx.raw!;
      async function* rows() {
        let after = { line: 0, id: 0 };
        for (;;) {
          const page = await rawQuery<{ id: number; line: number; field: string; message: string }>(
            raw,
            `select id::float8 as id, line, field, message from import_errors
             where import_id = $1 and (line, id) > ($2, $3) order by line, id limit $4`,
            [item.id, after.line, after.id, REPORT_PAGE],
          );
          for (const r of page) yield r;
          if (page.length < REPORT_PAGE) return;
          after = page[page.length - 1];
        }
      }
      return sendCsv(reply, `import-${item.id}-report.csv`, ['line', 'field', 'message'], rows());
    },
  });
}
