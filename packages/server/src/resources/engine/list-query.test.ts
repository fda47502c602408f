import { describe, expect, it } from 'vitest';
import { escapeLike, isQueryError, type ListQuery, parseListQuery, parseSort } from './list-query.js';

const spec = { fields: new Set(['id', 'name', 'email']), sort: new Set(['id', 'name']) };
const ok = (query: Record<string, unknown>) => {
  const r = parseListQuery(spec, query);
  if (isQueryError(r)) throw new Error(r.message);
  return r as ListQuery;
};

describe('list query', () => {
  it('defaults to page 1 of 10 rows', () => {
    expect(ok({})).toEqual({ page: 1, size: 10, q: null, prefix: false, sort: null, fields: null, ids: null });
  });

  it('reads a trailing * as a prefix search and keeps other characters literal', () => {
    expect(ok({ q: 'ab*' })).toMatchObject({ q: 'ab', prefix: true });
    expect(ok({ q: 'a*b' })).toMatchObject({ q: 'a*b', prefix: false });
    expect(ok({ q: '*' })).toMatchObject({ q: null });
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('accepts only declared sort fields, with +, - or a space from a raw +', () => {
    expect(parseSort('+name', spec.sort)).toEqual({ field: 'name', desc: false });
    expect(parseSort('-id', spec.sort)).toEqual({ field: 'id', desc: true });
    expect(parseSort(' name', spec.sort)).toEqual({ field: 'name', desc: false });
    expect(parseSort('email', spec.sort)).toBeNull();
    expect(parseListQuery(spec, { sort: '-email' })).toEqual({ field: 'sort', message: 'Unknown sort value "-email"' });
  });

  it('takes fields repeated or comma-separated, declared ones only', () => {
    expect(ok({ fields: ['name', 'email'] }).fields).toEqual(['name', 'email']);
    expect(ok({ fields: 'name,email,name' }).fields).toEqual(['name', 'email']);
    expect(parseListQuery(spec, { fields: 'name,password' })).toMatchObject({ field: 'fields' });
  });

  it('takes ids as whole numbers only and bounds page and size', () => {
    expect(ok({ id: ['3', '4'] }).ids).toEqual([3, 4]);
    expect(ok({ id: '7' }).ids).toEqual([7]);
    for (const id of ['1.5', '-1', '0', 'x', '99999999999', "1' or 1=1"]) {
      expect(parseListQuery(spec, { id })).toMatchObject({ field: 'id' });
    }
    expect(parseListQuery(spec, { page: '0' })).toMatchObject({ field: 'page' });
    expect(parseListQuery(spec, { size: '1001' })).toMatchObject({ field: 'size' });
    expect(ok({ size: '1000', page: '3' })).toMatchObject({ size: 1000, page: 3 });
    // LIST_MAX_PAGE_SIZE moves the bound, up to the original product's 20,000.
    expect(parseListQuery(spec, { size: '20000' }, 20_000)).toMatchObject({ size: 20_000 });
    expect(parseListQuery(spec, { size: '501' }, 500)).toEqual({
      field: 'size',
      message: 'size must be a whole number from 1 to 500',
    });
  });
});
