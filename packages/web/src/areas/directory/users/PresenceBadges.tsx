import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const KNOWN = ['web', 'sip', 'dlg', 'dnd'] as const;
const COLORS: Record<string, string> = { web: 'blue', sip: 'green', dlg: 'orange', dnd: 'red' };

/** Presence tokens (web open workspace, sip registered device, dlg in a call, dnd) as badges. */
export function PresenceBadges({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const tokens = typeof status === 'string' ? status.split(/[\s,]+/).filter(Boolean) : [];
  return (
    <Group gap={4}>
      {tokens.map((token) => (
        <Badge key={token} size="xs" variant="light" color={COLORS[token] ?? 'gray'}>
          {(KNOWN as readonly string[]).includes(token) ? t(`users.presence.${token}`) : token}
        </Badge>
      ))}
    </Group>
  );
}
