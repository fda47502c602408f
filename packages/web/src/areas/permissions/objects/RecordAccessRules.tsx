import { Button, Group, Loader } from '@mantine/core';
import type { Ref, Right } from '@switchboard/model';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RightsGrid, useRights } from '../../../kit/acl/RightsGrid';
import { RefSelect } from '../../../kit/fields/RefSelect';

type Rule = { grantor: Ref; grantee: Ref; granted: string };

const SHOWN: readonly Right[] = ['r', 'w', 'd'];

/**
 * Default record access of a class: records created by a holder of the grantor role are granted
 * to the grantee role with these rights. Each change PATCHes the grantee's full letter set under
 * its grantor and reads the rules again.
 */
export function RecordAccessRules({ classId, readOnly }: { classId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const path = `/acl/objclass/${classId}`;
  const { list: rules, save } = useRights<Rule>(path);
  const [grantor, setGrantor] = useState<Ref | null>(null);
  const [grantee, setGrantee] = useState<Ref | null>(null);

  const grant = (grantorId: number, granteeId: number, grants: string) =>
    save([{ grantee: { id: granteeId }, grants }], `${path}/grantor/${grantorId}`);
  const add = async () => {
    if (!grantor || !grantee) return;
    // A new rule grants read, as adding a grantee does everywhere else.
    await grant(grantor.id, grantee.id, 'r');
    setGrantor(null);
    setGrantee(null);
  };

  if (rules.isPending) return <Loader size="sm" />;
  const items = rules.data?.items ?? [];
  return (
    <>
      {!readOnly && (
        <Group align="flex-end" mb="sm" gap="xs">
          <RefSelect of="/roles" label={t('objects.grantor')} value={grantor} onChange={setGrantor} />
          <RefSelect of="/roles" label={t('objects.grantee')} value={grantee} onChange={setGrantee} />
          <Button size="sm" leftSection={<IconPlus size={14} />} disabled={!grantor || !grantee} onClick={add}>
            {t('objects.addRule')}
          </Button>
        </Group>
      )}
      <RightsGrid
        heads={[t('objects.grantor'), t('objects.grantee')]}
        rights={SHOWN}
        readOnly={readOnly}
        removable
        empty={t('objects.noRules')}
        rows={items.map((rule) => ({
          key: `${rule.grantor.id}-${rule.grantee.id}`,
          names: [rule.grantor.name, rule.grantee.name],
          granted: rule.granted,
          who: `${rule.grantor.name} → ${rule.grantee.name}`,
          onChange: (grants) => grant(rule.grantor.id, rule.grantee.id, grants),
          remove: { label: t('objects.removeRule'), onRemove: () => grant(rule.grantor.id, rule.grantee.id, '') },
        }))}
      />
    </>
  );
}
