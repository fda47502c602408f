import { Loader, SimpleGrid, Switch, Text } from '@mantine/core';
import type { Permission } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';

type Props = {
  value: Permission[];
  onChange: (value: Permission[]) => void;
  disabled: boolean;
  /** Whether a switch may be turned on (`on`) or off (limits.ts); default always. */
  allowed?: (p: Permission, on: boolean) => boolean;
};

/** The global permissions the API offers (GET /permissions), one switch each. */
export function RolePermissions({ value, onChange, disabled, allowed }: Props) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: ['/permissions'],
    queryFn: ({ signal }) => api.get<{ items: { id: Permission; name: string }[] }>('/permissions', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (options.isPending) return <Loader size="sm" />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing="sm" maw={880}>
      {(options.data?.items ?? []).map((p) => (
        <Switch
          key={p.id}
          disabled={disabled || allowed?.(p.id, !value.includes(p.id)) === false}
          checked={value.includes(p.id)}
          label={t(`roles.permission.${p.id}`, { defaultValue: p.name })}
          description={
            <Text span size="xs" c="dimmed" ff="monospace">
              {p.id}
            </Text>
          }
          onChange={(e) => onChange(e.currentTarget.checked ? [...value, p.id] : value.filter((x) => x !== p.id))}
        />
      ))}
    </SimpleGrid>
  );
}
