import { Badge, Text } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useLiveEvents } from '../../../app/useLiveEvents';
import { PagedList } from '../../../kit/list/PagedList';
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

/** Dates, addresses and expiries stay on one line. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const COLORS: Record<Registration['event'], string> = { registered: 'green', unregistered: 'gray', expired: 'orange' };

/** `address:port`, an IPv6 address in brackets; no port, the address alone. */
export function addressOf(ip: string, port: number | null): string {
  if (!ip) return '';
  if (port === null) return ip;
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

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

  // The SIP events route writes the history entry before it publishes the presence change, so one
  // read after the change finds it; a reopened stream may have missed changes, so it reads too.
  const { refetch } = list;
  useLiveEvents('devices', (data) => {
    // Other devices, and changes of this one that are not presence (a hotdesk log-in), change nothing here.
    if (data !== null && (data.id !== deviceId || typeof data.state !== 'number')) return;
    void refetch();
  });

  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('devices.registrations.hint')}
      </Text>
      <PagedList
        list={list}
        page={FIRST_PAGE}
        onPage={() => {}}
        pager={false}
        empty={t('devices.registrations.none')}
        columns={[
          {
            key: 'at',
            label: t('devices.registrations.at'),
            style: NO_WRAP,
            render: (entry) => formatDateTime(entry.at, i18n.language),
          },
          {
            key: 'event',
            label: t('devices.registrations.event'),
            render: (entry) => (
              // Whole words: the badge's label would otherwise shrink to an ellipsis in a narrow column.
              <Badge
                size="sm"
                variant="light"
                color={COLORS[entry.event]}
                data-event={entry.event}
                style={{ minWidth: 'max-content' }}
              >
                {t(`devices.registrations.events.${entry.event}`)}
              </Badge>
            ),
          },
          {
            key: 'contact',
            label: t('devices.registrations.contact'),
            style: { wordBreak: 'break-all' },
            render: (entry) => entry.contact,
          },
          {
            key: 'address',
            label: t('devices.registrations.address'),
            style: NO_WRAP,
            render: (entry) => addressOf(entry.ip, entry.port),
          },
          {
            key: 'transport',
            label: t('devices.registrations.transport'),
            render: (entry) => entry.transport.toUpperCase(),
          },
          { key: 'userAgent', label: t('devices.registrations.userAgent'), render: (entry) => entry.userAgent },
          {
            key: 'expires',
            label: t('devices.registrations.expires'),
            style: NO_WRAP,
            render: (entry) =>
              entry.event === 'registered' && entry.expires !== null
                ? t('devices.registrations.seconds', { count: entry.expires })
                : '',
          },
        ]}
      />
    </>
  );
}
