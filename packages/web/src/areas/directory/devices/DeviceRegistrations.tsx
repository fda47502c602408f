import { Badge, Table, Text } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
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
