import { timezoneEntry, timezoneOffset } from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQueryDoc } from '../../core/route.js';
import { signedInRoutes } from '../../core/signed-in.js';
import { isQueryError, parseListQuery, queryError } from '../engine/list-query.js';
import type { FieldBinding } from '../engine/types.js';
import { currentZoneName, timezoneCatalog, zoneEntry, zoneMatches } from './timezone-catalog.js';

/**
 * A time-zone field stored as its current IANA name in `column` (SQL over the row alias; an old
 * name sent is stored as the current one) and answered as `{name}`; `key` is the Drizzle property
 * of that column.
 */
export function timezoneField(column: string, key: string): FieldBinding {
  return {
    select: `json_build_object('name', ${column})`,
    column,
    write: (value, row) => {
      row[key] = currentZoneName((value as { name: string }).name);
    },
  };
}

const answer = z.object({ items: z.array(timezoneEntry), next: z.boolean() });
// Only name sorts and searches; the catalog is the runtime's, not a table.
const SPEC = { fields: new Set(['id', 'name', 'offset']), sort: new Set(['name']) };

/**
 * GET /api/calendars/timezones: IANA's current zone names plus UTC with each zone's offset now and
 * its old names; `q` matches any part of the name, an old name, the city or the offset,
 * case-insensitively (`kyiv` and `kiev` find Europe/Kyiv; a trailing `*` changes nothing).
 * Any signed-in user may read it: it is reference data, not a record of the domain.
 */
export function registerTimezoneRoute(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'calendars', guard: 'authenticated', resource: 'timezones' });
  route('GET /api/calendars/timezones', 'Time zones (IANA) with their current offset', {
    querystring: listQueryDoc.pick({ page: true, size: true, q: true }),
    response: { 200: answer },
    handler: async (request) => {
      const query = request.query as Record<string, unknown>;
      const lq = parseListQuery(SPEC, { page: query.page, size: query.size, q: query.q });
      if (isQueryError(lq)) throw queryError('timezones', lq);
      const now = new Date();
      const found = timezoneCatalog()
        .map((zone) => ({ zone, offset: timezoneOffset(zone.name, now) }))
        .filter(({ zone, offset }) => lq.q === null || zoneMatches(zone, offset, lq.q));
      const start = (lq.page - 1) * lq.size;
      return {
        items: found.slice(start, start + lq.size).map(({ zone, offset }) => zoneEntry(zone, offset)),
        next: found.length > start + lq.size,
      };
    },
  });
}
