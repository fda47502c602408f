import { Badge, Table, Text } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useLiveEvents } from '../../../app/useLiveEvents';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';

/** One entry of GET /api/devices/{id}/registrations (telephony/sip-routes.ts). */
export type Registration = {
  id: number;
  event: 'registered' | 'unregistered' | 'expired';
  contact: string;
  ip: string;
  port: number | null;
  transport: string;
  userAgent: string;
  /** Seconds the registration was granted for (registrations); null or 0 otherwise. */
  expires: number | null;
  at: string;
};

const COLORS: Record<Registration['event'], string> = { registered: 'green', unregistered: 'gray', expired: 'orange' };

/**
 * Reads after a live presence change of the device. The SIP server's events route publishes the
 * change and then writes the history entry, so a read may come too early: while the newest entry
 * does not say what the change said (registered or not), the next delay reads again.
 */
export const LIVE_READ_DELAYS_MS = [250, 1_000, 3_000];

/** `address:port`, an IPv6 address in brackets; no port, the address alone. */
export function addressOf(ip: string, port: number | null): string {
  if (!ip) return '';
  if (port === null) return ip;
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

type Shown = 'up' | 'down' | null;
const shownBy = (items: readonly Registration[]): Shown => {
  const newest = items[0]?.event;
  if (!newest) return null;
  return newest === 'registered' ? 'up' : 'down';
};

/**
 * A device's registrations as the SIP server saw them: each registration (a new contact),
 * unregistration and expiry, newest first (the last 100, as the API keeps them), with the contact,
 * address, transport, user agent and granted expiry. It reads again when the live stream says the
 * device's presence changed (topic `devices`), so an open tab follows the phone.
 */
export function DeviceRegistrations({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const path = `/devices/${deviceId}/registrations`;
  const list = useQuery({
    queryKey: [path],
    queryFn: async ({ signal }): Promise<ListAnswer<Registration>> => {
      const answer = await api.get<{ items: Registration[] }>(path, { signal });
      return { items: answer.items, next: false };
    },
  });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);
  const { refetch } = list;
  const follow = (wanted: Shown, attempt = 0) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      timer.current = null;
      const { data } = await refetch();
      const behind = wanted !== null && shownBy(data?.items ?? []) !== wanted;
      if (mounted.current && behind && attempt + 1 < LIVE_READ_DELAYS_MS.length) follow(wanted, attempt + 1);
    }, LIVE_READ_DELAYS_MS[attempt]);
  };
  useLiveEvents('devices', (data) => {
    // The stream reopened: events may have been missed.
    if (data === null) return follow(null);
    // Other devices, and changes of this one that are not presence (a hotdesk log-in), change nothing here.
    if (data.id !== deviceId || typeof data.state !== 'number') return;
    follow(data.state === 0 ? 'down' : 'up');
  });

  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('devices.registrations.hint')}
      </Text>
      <PagedTable
        list={list}
        page={FIRST_PAGE}
        onPage={() => {}}
        pager={false}
        empty={t('devices.registrations.none')}
        head={
          <>
            <Table.Th>{t('devices.registrations.at')}</Table.Th>
            <Table.Th>{t('devices.registrations.event')}</Table.Th>
            <Table.Th>{t('devices.registrations.contact')}</Table.Th>
            <Table.Th>{t('devices.registrations.address')}</Table.Th>
            <Table.Th>{t('devices.registrations.transport')}</Table.Th>
            <Table.Th>{t('devices.registrations.userAgent')}</Table.Th>
            <Table.Th>{t('devices.registrations.expires')}</Table.Th>
          </>
        }
        row={(entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, i18n.language)}</Table.Td>
            <Table.Td>
              {/* Whole words: the badge's label would otherwise shrink to an ellipsis in a narrow column. */}
              <Badge
                size="sm"
                variant="light"
                color={COLORS[entry.event]}
                data-event={entry.event}
                style={{ minWidth: 'max-content' }}
              >
                {t(`devices.registrations.events.${entry.event}`)}
              </Badge>
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{entry.contact}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{addressOf(entry.ip, entry.port)}</Table.Td>
            <Table.Td>{entry.transport.toUpperCase()}</Table.Td>
            <Table.Td>{entry.userAgent}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {entry.event === 'registered' && entry.expires !== null
                ? t('devices.registrations.seconds', { count: entry.expires })
                : ''}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </>
  );
}
