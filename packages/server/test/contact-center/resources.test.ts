import {
  DISPLAY_TAKEN,
  messages,
  RESOURCE_PATTERN_INVALID,
  resourceDisplaysPath,
  resourceGroupResourcesPath,
} from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { importCsv } from '../imports.js';
import { makeCommunication, makeGateway } from '../resources/fixtures-cc-resources.js';
import { unique } from '../resources/helpers.js';

type Body = Record<string, unknown>;
type Field = { field: string; message: string };

describe.each(drivers())('contact-center resources and resource groups on %s', (driver) => {
  // The job engine runs the CSV imports.
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  let token: string;
  let gateway: number;
  let communication: number;
  beforeAll(async () => {
    token = s.adminToken;
    gateway = await makeGateway(s, token);
    communication = await makeCommunication(s, token);
  });

  const api = (method: string, path: string, body?: unknown, query?: Record<string, unknown>) =>
    s.request(method, `/api${path}`, { token, body, query });
  const created = async (path: string, body: Body) => {
    const res = await api('POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Body & { id: number };
  };
  const newResource = (body: Body = {}) =>
    created('/call_center/resources', { name: unique('res'), gateway: { id: gateway }, ...body });
  const newGroup = (body: Body = {}) =>
    created('/call_center/resource_group', { name: unique('grp'), communication: { id: communication }, ...body });
  const refused = async (path: string, body: Body, method = 'POST') => {
    const res = await api(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.fields as Field[];
  };

  describe('resources', () => {
    it('takes cps as rps and maxErrors as maxSuccessivelyErrors, with the spec defaults', async () => {
      const plain = await newResource();
      expect(plain).toMatchObject({
        gateway: { id: gateway, name: expect.any(String) },
        rps: 10,
        limit: 10,
        maxSuccessivelyErrors: 2,
        enabled: true,
        errorIds: [],
        patterns: [],
        display: '',
        failureDialDelay: 0,
        parameters: { cidType: 'none', ignoreEarlyMedia: 'false' },
      });
      const full = await newResource({
        rps: 25,
        limit: -1,
        maxSuccessivelyErrors: 5,
        errorIds: ['503', '600-603'],
        patterns: ['+380XXXXXXXXX', '*12#'],
        display: '+380441234567',
        failureDialDelay: 30,
        parameters: { cidType: 'pid', ignoreEarlyMedia: 'consume' },
      });
      const read = (await api('GET', `/call_center/resources/${full.id}`)).body;
      expect(read).toMatchObject({
        rps: 25,
        limit: -1,
        maxSuccessivelyErrors: 5,
        errorIds: ['503', '600-603'],
        patterns: ['+380XXXXXXXXX', '*12#'],
        display: '+380441234567',
        failureDialDelay: 30,
        parameters: { cidType: 'pid', ignoreEarlyMedia: 'consume' },
      });
      expect(read).not.toHaveProperty('cps');
      expect(read).not.toHaveProperty('maxErrors');
      // The list toggle is a PATCH of enabled alone.
      const off = await api('PATCH', `/call_center/resources/${full.id}`, { enabled: false });
      expect(off.body).toMatchObject({ enabled: false, rps: 25, errorIds: ['503', '600-603'] });
    });

    it('keeps cps and limit within -1 to 1000', async () => {
      for (const rps of [-1, 0, 1000]) expect((await newResource({ rps, limit: rps })).rps).toBe(rps);
      for (const [value, message] of [
        [-2, `${messages.min} -1`],
        [1001, `${messages.max} 1000`],
        [1.5, messages.numeric],
      ] as const) {
        const fields = await refused('/call_center/resources', {
          name: unique('b'),
          gateway: { id: gateway },
          rps: value,
          limit: value,
        });
        expect(fields).toContainEqual(expect.objectContaining({ field: 'rps', message }));
        expect(fields).toContainEqual(expect.objectContaining({ field: 'limit', message }));
      }
    });

    it('names every error id that is neither a SIP code nor a range of them', async () => {
      const fields = await refused('/call_center/resources', {
        name: unique('e'),
        gateway: { id: gateway },
        errorIds: ['503', '5xx', '500-599', '599-500', '200', '486 '],
      });
      expect(fields.map((f) => f.field).sort()).toEqual(['errorIds.1', 'errorIds.3', 'errorIds.4']);
      for (const f of fields) expect(f.message).toBe(messages.sipErrorCode);
      const patterns = await refused('/call_center/resources', {
        name: unique('p'),
        gateway: { id: gateway },
        patterns: ['12ab'],
      });
      expect(patterns).toEqual([expect.objectContaining({ field: 'patterns.0', message: RESOURCE_PATTERN_INVALID })]);
    });

    it('refuses a gateway of another domain as missing', async () => {
      const other = await s.createDomain(unique('tenant'));
      const theirs = await makeGateway(s, other.adminToken);
      const fields = await refused('/call_center/resources', { name: unique('x'), gateway: { id: theirs } });
      expect(fields[0]).toMatchObject({ field: 'gateway', key: 'errors.noSuchRef' });
    });

    it('imports display numbers from a CSV, reporting bad and repeated numbers on their lines', async () => {
      const res = await newResource();
      const path = resourceDisplaysPath(res.id);
      await created(path, { display: '380440000001' });
      const taken = await api('POST', path, { display: '380440000001' });
      expect(taken.status).toBe(409);

      const bad = await importCsv(s, token, path, 'display\n380440000002\nnot a number\n380440000001\n380440000002\n');
      expect(bad.item).toMatchObject({ state: 'failed', rowsLoaded: 0 });
      expect(bad.errors.map((e) => [e.line, e.field, e.message])).toEqual([
        [3, 'display', messages.phone],
        [4, 'display', DISPLAY_TAKEN],
        [5, 'display', `${DISPLAY_TAKEN} (line 2)`],
      ]);
      expect((await api('GET', path)).body.items).toHaveLength(1);

      const good = await importCsv(s, token, path, 'number\n+380440000003\n380440000004\n');
      expect(good.errors).toEqual([]);
      expect(good.item).toMatchObject({ state: 'done', rowsLoaded: 2, parentId: res.id });
      const listed = (await api('GET', path, undefined, { sort: '+display' })).body.items as Body[];
      expect(listed.map((d) => [d.display, d.resourceId])).toEqual([
        ['+380440000003', res.id],
        ['380440000001', res.id],
        ['380440000004', res.id],
      ]);
      // Without a header the one column is the number.
      const plain = await importCsv(s, token, path, '380440000005\n', { header: 'false' });
      expect(plain.item).toMatchObject({ state: 'done', rowsLoaded: 1 });
    });
  });

  describe('resource groups', () => {
    it('starts with one range from 09:00 to 20:00 and keeps the ranges as sent', async () => {
      const group = await newGroup();
      expect(group).toMatchObject({
        strategy: 'topDown',
        communication: { id: communication, name: expect.any(String) },
        time: [{ startTimeOfDay: 540, endTimeOfDay: 1200 }],
      });
      const time = [
        { startTimeOfDay: 780, endTimeOfDay: 1080 },
        { startTimeOfDay: 480, endTimeOfDay: 780 },
      ];
      const put = await api('PUT', `/call_center/resource_group/${group.id}`, {
        name: group.name,
        communication: { id: communication },
        strategy: 'roundRobin',
        time,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body).toMatchObject({ strategy: 'roundRobin', time });
    });

    it('refuses an empty list, a range ending before it starts and overlapping ranges, naming the row field', async () => {
      const base = { name: unique('t'), communication: { id: communication } };
      expect(await refused('/call_center/resource_group', { ...base, time: [] })).toEqual([
        expect.objectContaining({ field: 'time', message: messages.requiredArray }),
      ]);
      expect(
        await refused('/call_center/resource_group', {
          ...base,
          time: [
            { startTimeOfDay: 540, endTimeOfDay: 600 },
            { startTimeOfDay: 700, endTimeOfDay: 650 },
          ],
        }),
      ).toEqual([expect.objectContaining({ field: 'time.1.endTimeOfDay', message: messages.timeOrder })]);
      expect(
        await refused('/call_center/resource_group', {
          ...base,
          time: [
            { startTimeOfDay: 540, endTimeOfDay: 720 },
            { startTimeOfDay: 900, endTimeOfDay: 1000 },
            { startTimeOfDay: 600, endTimeOfDay: 660 },
          ],
        }),
      ).toEqual([expect.objectContaining({ field: 'time.2.startTimeOfDay', message: messages.timeRangesOverlap })]);
      // A PATCH is held to the same rules.
      const group = await newGroup();
      const patch = await refused(`/call_center/resource_group/${group.id}`, { time: [] }, 'PATCH');
      expect(patch[0]).toMatchObject({ field: 'time', message: messages.requiredArray });
    });

    it('lists its resources with their reserves by priority', async () => {
      const group = await newGroup();
      const [a, b, c] = [await newResource(), await newResource(), await newResource()];
      const path = resourceGroupResourcesPath(group.id);
      await created(path, { resource: { id: a.id }, priority: 1 });
      await created(path, { resource: { id: b.id }, reserveResource: { id: c.id }, priority: 5 });
      const items = (await api('GET', path)).body.items as Body[];
      expect(items.map((i) => [i.resource, i.reserveResource, i.priority, i.groupId])).toEqual([
        [{ id: b.id, name: b.name }, { id: c.id, name: c.name }, 5, group.id],
        [{ id: a.id, name: a.name }, null, 1, group.id],
      ]);
      const twice = await api('POST', path, { resource: { id: a.id } });
      expect(twice.status).toBe(409);
      const same = await refused(path, { resource: { id: a.id }, reserveResource: { id: a.id } });
      expect(same).toEqual([expect.objectContaining({ field: 'reserveResource', message: messages.reserveSame })]);
    });
  });

  describe('change log', () => {
    type Entry = { action: string; recordId: number; newState: Body | null; oldState: Body | null };
    const logged = async (object: string, recordId: number): Promise<Entry[]> => {
      const configs = (await api('GET', '/logger/config', undefined, { size: 100 })).body.items as Body[];
      const config = configs.find((c) => c.object === object) as { id: number };
      const res = await api('GET', `/logger/config/${config.id}/logs`, undefined, { size: 100 });
      expect(res.status).toBe(200);
      return (res.body.items as Entry[]).filter((e) => e.recordId === recordId);
    };

    it('logs resources and groups, and changes of their sub-lists as updates of the parent', async () => {
      for (const object of ['resources', 'resource_groups'])
        expect((await api('POST', '/logger/config', { object, enabled: true })).status).toBe(201);
      const res = await newResource();
      const display = await created(resourceDisplaysPath(res.id), { display: '380449990001' });
      const resourceLog = await logged('resources', res.id);
      expect(resourceLog.map((e) => e.action)).toEqual(['update', 'create']);
      expect(resourceLog[0].newState).toMatchObject({ id: res.id, resourceDisplays: display });
      expect(resourceLog[0].oldState?.resourceDisplays).toBeNull();

      const group = await newGroup();
      const path = resourceGroupResourcesPath(group.id);
      const item = await created(path, { resource: { id: res.id }, priority: 3 });
      expect((await api('DELETE', `${path}/${item.id}`)).status).toBe(200);
      const groupLog = await logged('resource_groups', group.id);
      expect(groupLog.map((e) => e.action)).toEqual(['update', 'update', 'create']);
      expect(groupLog[1].newState).toMatchObject({ id: group.id, resourceGroupResources: item });
      expect(groupLog[0].oldState?.resourceGroupResources).toEqual(item);
      expect(groupLog[0].newState?.resourceGroupResources).toBeNull();
    });
  });

  describe('deleting what others use', () => {
    it('refuses deleting a resource a group uses, as resource or reserve, naming the groups', async () => {
      const [main, reserve, free] = [await newResource(), await newResource(), await newResource()];
      const first = await newGroup({ name: unique('alpha') });
      const second = await newGroup({ name: unique('beta') });
      await created(resourceGroupResourcesPath(first.id), { resource: { id: main.id } });
      await created(resourceGroupResourcesPath(second.id), {
        resource: { id: free.id },
        reserveResource: { id: reserve.id },
      });
      const del = await api('DELETE', `/call_center/resources/${main.id}`);
      expect(del.status).toBe(409);
      expect(del.body).toMatchObject({ key: 'errors.resourceInUse', params: { names: `"${first.name}"` } });
      expect(del.body.detail).toContain(first.name as string);
      const reserved = await api('DELETE', `/call_center/resources/${reserve.id}`);
      expect(reserved.status).toBe(409);
      expect(reserved.body.params.names).toBe(`"${second.name}"`);
      // A bulk delete is refused as a whole.
      const bulk = await api('DELETE', '/call_center/resources', undefined, { id: [free.id, main.id] });
      expect(bulk.status).toBe(409);
      expect((await api('GET', `/call_center/resources/${free.id}`)).status).toBe(200);
      // Once the group lets go, the resource goes.
      expect((await api('DELETE', `/call_center/resource_group/${first.id}`)).status).toBe(200);
      expect((await api('DELETE', `/call_center/resources/${main.id}`)).status).toBe(200);
    });

    it('refuses deleting a SIP gateway a resource uses, naming the resources', async () => {
      const own = await makeGateway(s, token);
      const res = await newResource({ gateway: { id: own } });
      const del = await api('DELETE', `/sip/gateways/${own}`);
      expect(del.status).toBe(409);
      expect(del.body).toMatchObject({ key: 'errors.gatewayInUse', params: { names: `"${res.name}"` } });
      expect((await api('DELETE', `/call_center/resources/${res.id}`)).status).toBe(200);
      expect((await api('DELETE', `/sip/gateways/${own}`)).status).toBe(200);
    });

    it('refuses deleting a communication type a group uses, naming the groups', async () => {
      const own = await makeCommunication(s, token);
      const group = await newGroup({ communication: { id: own } });
      const del = await api('DELETE', `/call_center/communication_type/${own}`);
      expect(del.status).toBe(409);
      expect(del.body).toMatchObject({ key: 'errors.communicationInUse', params: { names: `"${group.name}"` } });
      expect((await api('DELETE', `/call_center/resource_group/${group.id}`)).status).toBe(200);
      expect((await api('DELETE', `/call_center/communication_type/${own}`)).status).toBe(200);
    });
  });
});
