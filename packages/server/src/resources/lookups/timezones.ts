import { timezoneEntry, timezoneNames, timezoneOffset } from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { doc, listQueryDoc, queryError, routeCompilers } from '../engine/http.js';
import { isQueryError, parseListQuery } from '../engine/list-query.js';
import type { FieldBinding } from '../engine/types.js';

/**
 * A time-zone field stored as its IANA name in `column` (SQL over the row alias) and answered as
 * `{name}`; `key` is the Drizzle property of that column.
 */
export function timezoneField(column: string, key: string): FieldBinding {
  return {
    select: `json_build_object('name', ${column})`,
    column,
    write: (value, row) => {
      row[key] = (value as { name: string }).name;
    },
  };
}

const answer = z.object({ items: z.array(timezoneEntry), next: z.boolean() });
// Only name sorts and searches; the catalog is the runtime's, not a table.
const SPEC = { fields: new Set(['id', 'name', 'offset']), sort: new Set(['name']) };

/**
 * GET /api/calendars/timezones: the IANA catalog plus UTC with each zone's offset now; `q` matches
 * a prefix of the name, or of its city part (`kyiv*` finds Europe/Kyiv), case-insensitively.
 * Any signed-in user may read it: it is reference data, not a record of the domain.
 */
export function registerTimezoneRoute(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: '/api/calendars/timezones',
    config: { guard: 'authenticated' },
    schema: doc('calendars', 'Time zones (IANA) with their current offset', {
      querystring: listQueryDoc.pick({ page: true, size: true, q: true }),
      response: { 200: answer },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(SPEC, { page: query.page, size: query.size, q: query.q });
      if (isQueryError(lq)) throw queryError('timezones', lq);
      const term = lq.q?.toLowerCase() ?? null;
      const matches = (name: string) => {
        if (term === null) return true;
        const lower = name.toLowerCase();
        const city = lower.slice(lower.lastIndexOf('/') + 1);
        return lq.prefix ? lower.startsWith(term) || city.startsWith(term) : lower === term || city === term;
      };
      const found = timezoneNames().filter(matches);
      const start = (lq.page - 1) * lq.size;
      const page = found.slice(start, start + lq.size);
      const now = new Date();
      return {
        items: page.map((name) => ({ id: name, name, offset: timezoneOffset(name, now) })),
        next: found.length > start + lq.size,
      };
    },
  });
}
