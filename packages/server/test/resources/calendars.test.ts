import { messages, parseIcsHolidays } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { unique } from './helpers.js';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20260101',
  'RRULE:FREQ=YEARLY',
  'SUMMARY:New Year',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20260413',
  'SUMMARY:Easter Monday (company-wide, all sites and all contact cen',
  ' ters)',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe.each(drivers())('calendars on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const base = '/api/calendars';

  it('keeps the work week and holidays, drops the zone offset and answers the defaults of new rows', async () => {
    const res = await s.request('POST', base, {
      token,
      body: {
        name: unique('week'),
        timezone: { name: 'Europe/Berlin', offset: '+01:00' },
        accepts: [
          { day: 0, startTimeOfDay: 540, endTimeOfDay: 720 },
          { day: 0, startTimeOfDay: 720, endTimeOfDay: 1200, disabled: true },
        ],
        excepts: [{ name: 'Day off', date: '2026-03-08' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.timezone).toEqual({ name: 'Europe/Berlin' });
    expect(res.body.accepts).toEqual([
      { day: 0, disabled: false, startTimeOfDay: 540, endTimeOfDay: 720 },
      { day: 0, disabled: true, startTimeOfDay: 720, endTimeOfDay: 1200 },
    ]);
    expect(res.body.excepts).toEqual([{ name: 'Day off', date: '2026-03-08', repeat: false }]);
    expect(res.body).toMatchObject({ expires: false, startAt: null, endAt: null, description: '' });
    const read = await s.request('GET', `${base}/${res.body.id}`, { token });
    expect(read.body).toEqual(res.body);
  });

  it('a new row takes day 0, enabled, times 0 — which then fails start before end', async () => {
    const res = await s.request('POST', base, {
      token,
      body: { name: unique('row'), timezone: { name: 'UTC' }, accepts: [{}] },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'accepts.0.endTimeOfDay', message: messages.timeOrder }]);
  });

  it('refuses overlapping ranges of one day with the row path, saving nothing', async () => {
    const name = unique('overlap');
    const res = await s.request('POST', base, {
      token,
      body: {
        name,
        timezone: { name: 'UTC' },
        accepts: [
          { day: 3, startTimeOfDay: 600, endTimeOfDay: 700 },
          { day: 3, startTimeOfDay: 540, endTimeOfDay: 610 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'accepts.1.startTimeOfDay', message: messages.rangeOverlap }]);
    expect((await s.request('GET', base, { token, query: { q: name } })).body.items).toEqual([]);
    // Ranges that only touch are fine.
    const touching = await s.request('POST', base, {
      token,
      body: {
        name,
        timezone: { name: 'UTC' },
        accepts: [
          { day: 3, startTimeOfDay: 540, endTimeOfDay: 600 },
          { day: 3, startTimeOfDay: 600, endTimeOfDay: 700 },
        ],
      },
    });
    expect(touching.status).toBe(201);
  });

  it('expires: start and end are kept only while it is on', async () => {
    const created = await s.request('POST', base, {
      token,
      body: { name: unique('exp'), timezone: { name: 'UTC' }, expires: true, startAt: 1000, endAt: 5000 },
    });
    expect(created.body).toMatchObject({ expires: true, startAt: 1000, endAt: 5000 });
    const onlyEnd = await s.request('PUT', `${base}/${created.body.id}`, {
      token,
      body: { name: created.body.name, timezone: { name: 'UTC' }, expires: true, endAt: 9000 },
    });
    expect(onlyEnd.body).toMatchObject({ expires: true, startAt: null, endAt: 9000 });
    const off = await s.request('PUT', `${base}/${created.body.id}`, {
      token,
      body: { name: created.body.name, timezone: { name: 'UTC' }, expires: false, startAt: 1000, endAt: 5000 },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ expires: false, startAt: null, endAt: null });
  });

  it('imports the holidays of an iCalendar sample', async () => {
    const holidays = parseIcsHolidays(ICS);
    expect(holidays).toHaveLength(2);
    const created = await s.request('POST', base, { token, body: { name: unique('ics'), timezone: { name: 'UTC' } } });
    const put = await s.request('PUT', `${base}/${created.body.id}`, {
      token,
      body: { name: created.body.name, timezone: created.body.timezone, excepts: holidays },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = await s.request('GET', `${base}/${created.body.id}`, { token });
    expect(read.body.excepts).toEqual([
      { name: 'New Year', date: '2026-01-01', repeat: true },
      { name: 'Easter Monday (company-wide, all sites and all contact centers)', date: '2026-04-13', repeat: false },
    ]);
  });

  it('answers a picker id and name only', async () => {
    await s.request('POST', base, { token, body: { name: unique('pick'), timezone: { name: 'UTC' } } });
    const res = await s.request('GET', base, { token, query: { fields: 'id,name', size: 5 } });
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
  });
});
