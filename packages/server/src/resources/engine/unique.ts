import { errorDetail } from '@switchboard/model';
import { HttpError } from '../../core/errors.js';
import type { Compiled } from './compile.js';

type PgLikeError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** Finds PostgreSQL's unique-violation (23505) in an error or its causes; answers the index name. */
export function uniqueViolation(error: unknown): string | null {
  let e = error as PgLikeError | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') {
      if (typeof e.constraint === 'string') return e.constraint;
      const m = typeof e.message === 'string' ? /unique constraint "([^"]+)"/.exec(e.message) : null;
      return m ? m[1] : '';
    }
    e = e.cause as PgLikeError | undefined;
  }
  return null;
}

/**
 * A 409 naming the field a unique index protects (after `prefix`, a line of a bulk create), or
 * null when the error is something else.
 */
export function uniqueConflict(c: Compiled, error: unknown, prefix = ''): HttpError | null {
  const index = uniqueViolation(error);
  if (index === null) return null;
  const field = c.binding.unique?.[index] ?? 'id';
  const params = { resource: c.def.name, field };
  const message = errorDetail('conflict', params);
  return new HttpError(409, `app.${c.def.name}.conflict`, message, [
    { field: `${prefix}${field}`, message, key: 'errors.conflict', params },
  ]).keyed('conflict', params);
}
