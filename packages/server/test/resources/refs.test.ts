import { errorDetail, NESTED_RESOURCES, nestedPath, RESOURCES, type ResourceDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../../src/resources/engine/refs.js';
import { drivers, useTestServer } from '../harness.js';
import { fixtureOf } from './fixtures.js';
import { filterBody } from './generated-fixtures.js';
import { makeActor, unique } from './helpers.js';

type Item = Record<string, unknown> & { id: number };
type RefValue = { id: number } | { id: number }[] | null | undefined;

/**
 * One generated test per declared reference of every resource that creates records (nested ones
 * under a parent of their own): a record of
 * another domain is refused, so is one the caller may not read, and the list filter by the
 * reference (where the list offers one) answers exactly the records that hold it.
 */
const CASES = [...RESOURCES, ...NESTED_RESOURCES]
  .filter((def) => def.ops.create && def.refs)
  .flatMap((def) =>
    Object.entries(def.refs ?? {})
      // Media are uploaded as files (their own suite covers them): a ringtone or greeting is left out.
      .filter(([, decl]) => RESOURCES.includes(decl.to()))
      .map(([field]) => [`${def.name}.${field}`, def, field] as [string, ResourceDef, string]),
  );

/**
 * References whose target class another field of the body needs too, checked first: an agent's
 * user is a users record, like its auditors, so a caller without users' read right is refused the
 * user before the auditors are looked at.
 */
const SHARED_CLASS = new Set(['agents.auditor']);

const idsOf = (value: RefValue): number[] => (Array.isArray(value) ? value : value ? [value] : []).map((v) => v.id);

describe.each(drivers())('declared references on %s', (driver) => {
  const s = useTestServer(driver);
  let admin: string;
  let otherDomain: number;
  beforeAll(async () => {
    admin = s.adminToken;
    otherDomain = (await s.createDomain(unique('refs'))).domainId;
  });

  describe.each(CASES)('%s', (_name, def, field) => {
    const fx = fixtureOf(def);
    const decl = def.refs![field];
    const target = decl.to();
    // A nested resource's records are made under a parent made for the test.
    let base = `/api${def.path}`;
    const at = decl.many ? `${field}.0` : field;
    const refused = { field: at, message: errorDetail('noSuchRef', { resource: target.name }) };
    /** Records of the target in the first domain the field may take (its filter holds), at least two. */
    let choices: number[] = [];
    /** One more, made for the test, that it moves to the other domain. */
    let moved: number;
    const asRef = (id: number) => (decl.many ? [{ id }] : { id });

    beforeAll(async () => {
      if (fx.parent) base = `/api${nestedPath(def, await fx.parent(s, admin))}`;
      await fx.prepare?.(s, admin);
      const tfx = fixtureOf(target);
      // Records the filter holds are made here; without one, existing records do.
      if (!decl.filter || !tfx.create) {
        const list = await s.request('GET', `/api${target.path}`, { token: admin, query: { size: 1000 } });
        choices = (list.body.items ?? []).map((i: Item) => i.id);
      }
      await tfx.prepare?.(s, admin);
      const make = async () => {
        const res = await s.request('POST', `/api${target.path}`, {
          token: admin,
          body: { ...tfx.create!('choice'), ...filterBody(target, decl.filter) },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.id as number;
      };
      while (choices.length < 2) choices.push(await make());
      moved = await make();
    });

    it("refuses a record of another domain, and takes it in the record's own", async () => {
      // A record of the target made here, then moved to the other domain: the same row, but not ours.
      const table = sql.identifier(tableOf(target));
      await s.ctx.db.execute(sql`update ${table} set domain_id = ${otherDomain} where id = ${moved}`);
      const res = await s.request('POST', base, {
        token: admin,
        body: { ...fx.create!('xdom'), [field]: asRef(moved) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining(refused));
      if (!fx.exclusive) {
        const body = { ...fx.create!('xdom'), [field]: asRef(choices[0]) };
        const own = await s.request('POST', base, { token: admin, body });
        expect(own.status, JSON.stringify(own.body)).toBe(201);
        expect(idsOf(own.body[field])).toEqual([choices[0]]);
      }
    });

    // Where the target has a class of its own: a caller with every right on the resource but
    // none on the target's class may not refer to its records. (A nested resource guarded by its
    // parent's record rights is left out: the caller would need a record right on the parent.)
    it.runIf(
      target.objClass &&
        target.objClass !== def.objClass &&
        def.objClass &&
        def.parent?.rights !== 'parent' &&
        !SHARED_CLASS.has(`${def.name}.${field}`),
    )('refuses a record the caller may not read', async () => {
      const grants: Record<string, string> = { ...fx.grants, [def.objClass as string]: 'rxwd' };
      delete grants[target.objClass as string];
      const actor = await makeActor(s, admin, { grants, permissions: fx.permissions });
      const body = { ...fx.create!('unread'), [field]: asRef(choices[0]) };
      const res = await s.request('POST', base, { token: actor.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining(refused));
    });

    const filter = def.filters?.find((f) => f.kind === 'ref' && f.key === field);
    it.runIf(filter && !fx.exclusive)('lists exactly the records holding the reference it filters by', async () => {
      const [a, b] = choices;
      expect(b, `two records of ${target.name}`).toBeDefined();
      const made: Record<number, number[]> = { [a]: [], [b]: [] };
      for (const id of [a, b, a]) {
        const res = await s.request('POST', base, { token: admin, body: { ...fx.create!('flt'), [field]: asRef(id) } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        made[id].push(res.body.id);
      }
      for (const id of [a, b]) {
        const res = await s.request('GET', base, { token: admin, query: { [field]: id, size: 1000 } });
        expect(res.status).toBe(200);
        const items = res.body.items as Item[];
        for (const item of items) expect(idsOf(item[field] as RefValue), `${field} of ${item.id}`).toContain(id);
        const listed = items.map((i) => i.id);
        for (const mine of made[id]) expect(listed).toContain(mine);
        for (const theirs of made[id === a ? b : a]) expect(listed).not.toContain(theirs);
      }
    });
  });
});
