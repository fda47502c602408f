import { Group, Paper, Switch, Tabs, Title } from '@mantine/core';
import { type AccessMode, OBJECTS_PERMISSION, objclass, type Right } from '@switchboard/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { type AclEntry, AclTable } from '../../../kit/acl/AclTable';
import { BackToList } from '../../../kit/edit/BackToList';
import { LoadFailed, ScreenLoader } from '../../../kit/LoadState';
import { fieldKey } from '../../../kit/path';
import { roleKept } from '../roles/kept';
import { roleLimits } from '../roles/limits';
import { RecordAccessRules } from './RecordAccessRules';
import { useClassLabel } from './useClassLabel';

type ObjClass = { id: number; class: string; obac: boolean; rbac: boolean };

/**
 * `/permissions/objects/{id}`: the class's obac and rbac switches (each saved at once), object
 * access per role (create, read, edit, delete) and the default record access rules.
 */
export function ObjectEdit() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { label } = useClassLabel();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const path = `${objclass.path}/${id}`;
  const item = useQuery({ queryKey: [path], queryFn: ({ signal }) => api.get<ObjClass>(path, { signal }) });
  const [tab, setTab] = useState<string | null>('object');
  const readOnly = !user?.permissions.includes(OBJECTS_PERMISSION);

  const toggle = async (field: 'obac' | 'rbac', value: boolean) => {
    queryClient.setQueryData<ObjClass>([path], (old) => (old ? { ...old, [field]: value } : old));
    try {
      await api.patch(path, { [field]: value });
    } catch {
      // api.ts has told the user why; show what the server holds.
    }
    await item.refetch();
    await queryClient.invalidateQueries({ queryKey: [objclass.path, 'list'] });
  };

  if (item.isError) return <LoadFailed onRetry={() => item.refetch()} />;
  if (!item.data) return <ScreenLoader />;
  const data = item.data;
  // The server's rules for class grants, as for a role's Objects tab: nothing beyond one's own
  // rights is given, and a role one holds, a stronger one or the last administrator's is not reduced.
  const held = user?.roles.map((r) => r.id) ?? [];
  const grantLimits = (entry: AclEntry) => {
    const kept = roleKept({ id: entry.grantee.id, protectedBy: entry.protectedBy }, held);
    const limits = roleLimits(user, { permissions: [], access: {} }, kept !== null);
    return {
      allowed: (right: Right, mode: AccessMode) => limits.classMode(data.class, entry.granted, right, mode),
      kept: kept ? t(`roles.kept.${kept}`) : null,
    };
  };
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <BackToList />
          <Title order={3}>{label(data.class)}</Title>
        </Group>
        <Group gap="lg">
          <Switch
            label={t(fieldKey('obac'))}
            checked={data.obac}
            disabled={readOnly}
            onChange={(e) => toggle('obac', e.currentTarget.checked)}
          />
          <Switch
            label={t(fieldKey('rbac'))}
            checked={data.rbac}
            disabled={readOnly}
            onChange={(e) => toggle('rbac', e.currentTarget.checked)}
          />
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="object">{t('objects.tabs.object')}</Tabs.Tab>
          <Tabs.Tab value="record">{t('objects.tabs.record')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="object">
          <AclTable
            path={`${path}/acl`}
            rights={['x', 'r', 'w', 'd']}
            readOnly={readOnly}
            limits={grantLimits}
            mayAdd={roleLimits(user, null, false).classMode(data.class, '', 'r', 2)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="record">
          <RecordAccessRules classId={id} readOnly={readOnly} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
