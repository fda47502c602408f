import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { addressOf, DeviceRegistrations, type Registration } from './DeviceRegistrations';

const entry = (id: number, extra: Partial<Registration>): Registration => ({
  id,
  event: 'registered',
  contact: `sip:desk@127.0.0.1:${5060 + id}`,
  ip: '127.0.0.1',
  port: 5060 + id,
  transport: 'udp',
  userAgent: 'Desk phone 2.1',
  expires: 60,
  at: new Date(Date.UTC(2025, 0, 1, 12, id)).toISOString(),
  ...extra,
});

/** A stand-in for the page's one EventSource: the test emits the server's events on it. */
function fakeStream() {
  const sources: { url: string; emit: (type: string, data: unknown) => void }[] = [];
  class FakeEventSource {
    static CLOSED = 2;
    readyState = 0;
    onopen = null;
    onerror = null;
    private handlers = new Map<string, (e: { data: string }) => void>();
    constructor(readonly url: string) {
      sources.push({ url, emit: (type, data) => this.handlers.get(type)?.({ data: JSON.stringify(data) }) });
    }
    addEventListener(type: string, fn: (e: { data: string }) => void) {
      this.handlers.set(type, fn);
    }
    close() {
      this.readyState = 2;
    }
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  localStorage.setItem('access-token', 'tok');
  return sources;
}

const render = () => renderRoutes([{ path: '/d/:id', element: <DeviceRegistrations deviceId={7} /> }], '/d/7');

describe('DeviceRegistrations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the entries as the API answers them, with their event, address, transport and expiry', async () => {
    const items = [
      entry(3, { event: 'expired', expires: null, userAgent: '' }),
      entry(2, { event: 'unregistered', expires: 0, ip: '::1', port: 5062 }),
      entry(1, {}),
    ];
    fakeApi((c) => (c.path === '/devices/7/registrations' ? { body: { items } } : undefined));
    render();
    const rows = await screen.findAllByRole('row');
    // The header, then the entries in the API's order (newest first).
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('Expired').closest('[data-event]')).toHaveAttribute('data-event', 'expired');
    expect(within(rows[2]).getByText('Unregistered')).toBeInTheDocument();
    expect(within(rows[2]).getByText('[::1]:5062')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Registered')).toBeInTheDocument();
    expect(within(rows[3]).getByText('sip:desk@127.0.0.1:5061')).toBeInTheDocument();
    expect(within(rows[3]).getByText('127.0.0.1:5061')).toBeInTheDocument();
    expect(within(rows[3]).getByText('UDP')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Desk phone 2.1')).toBeInTheDocument();
    expect(within(rows[3]).getByText('60 s')).toBeInTheDocument();
    // Only a registration has a granted expiry.
    expect(within(rows[2]).queryByText('0 s')).not.toBeInTheDocument();
    // One bounded page: no pager.
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('says so when the device never registered', async () => {
    fakeApi((c) => (c.path === '/devices/7/registrations' ? { body: { items: [] } } : undefined));
    render();
    expect(await screen.findByText('This device has not registered yet')).toBeInTheDocument();
  });

  it('reads again on its device’s presence change, and only on its own', async () => {
    const sources = fakeStream();
    let items: Registration[] = [entry(1, { event: 'expired', expires: null })];
    const api = fakeApi((c) => (c.path === '/devices/7/registrations' ? { body: { items } } : undefined));
    render();
    await screen.findByText('Expired');
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0].url).toContain('topics=devices');
    // Another device's change and a change of this one that is not presence: no read.
    items = [entry(2, { userAgent: 'Fresh phone' }), ...items];
    sources[0].emit('devices', { id: 8, account: 'other', state: 1 });
    sources[0].emit('devices', { id: 7, account: 'desk', user: { id: 3 } });
    // Its presence change: the entry, written before the change was published, shows.
    sources[0].emit('devices', { id: 7, account: 'desk', state: 1 });
    expect(await screen.findByText('Fresh phone')).toBeInTheDocument();
    expect(api.of('GET', '/devices/7/registrations')).toHaveLength(2);
  });

  it('writes an address with its port, an IPv6 one in brackets', () => {
    expect(addressOf('10.0.0.5', 5060)).toBe('10.0.0.5:5060');
    expect(addressOf('2001:db8::1', 5070)).toBe('[2001:db8::1]:5070');
    expect(addressOf('10.0.0.5', null)).toBe('10.0.0.5');
    expect(addressOf('', 5060)).toBe('');
  });
});
