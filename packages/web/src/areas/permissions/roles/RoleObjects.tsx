import { Loader, Text } from '@mantine/core';
import type { Ref, Right } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { RightsGrid, useRights } from '../../../kit/acl/RightsGrid';
import { LoadFailed } from '../../../kit/LoadState';
import { useClassLabel } from '../objects/useClassLabel';
import type { RoleLimits } from './limits';

type Entry = { objclass: Ref; granted: string };

/** Create, read, edit, delete: the columns of the objects screen's access table. */
const RIGHTS_SHOWN: readonly Right[] = ['x', 'r', 'w', 'd'];

/**
 * A role's rights on every object class (GET/PATCH /roles/{id}/classes), each change saved at
 * once; the server refuses rights the editor does not hold, and the table then shows what holds.
 */
export function RoleObjects({
  roleId,
  readOnly,
  limits,
}: {
  roleId: number;
  readOnly: boolean;
  /** What the editor may give and take (limits.ts); the table offers no more. */
  limits?: RoleLimits;
}) {
  const { t } = useTranslation();
  const classLabel = useClassLabel();
  const path = `/roles/${roleId}/classes`;
  const { list: classes, save } = useRights<Entry>(path);
  const grant = (objclassId: number, grants: string) => save([{ objclass: { id: objclassId }, grants }]);

  if (classes.isPending) return <Loader size="sm" />;
  if (classes.isError) return <LoadFailed onRetry={() => classes.refetch()} />;
  const rows = [...classes.data.items].sort((a, b) => classLabel.compare(a.objclass.name, b.objclass.name));
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('roles.objectsHint')}
      </Text>
      <RightsGrid
        heads={[t('objects.class')]}
        rights={RIGHTS_SHOWN}
        readOnly={readOnly}
        minWidth={560}
        rows={rows.map((entry) => ({
          key: entry.objclass.id,
          names: [classLabel.label(entry.objclass.name)],
          granted: entry.granted,
          who: classLabel.label(entry.objclass.name),
          allowed: limits && ((right, mode) => limits.classMode(entry.objclass.name, entry.granted, right, mode)),
          onChange: (grants) => grant(entry.objclass.id, grants),
          data: { 'data-class': entry.objclass.name },
        }))}
      />
    </>
  );
}
