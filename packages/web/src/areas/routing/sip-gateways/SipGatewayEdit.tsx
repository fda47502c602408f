import { Group, Text } from '@mantine/core';
import { sipGateways } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { RegistrationBadge } from './SipGatewaysList';

/** A saved register gateway shows its live registration status under its fields. */
function Status({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  if (form.values.register !== true || form.isNew || !form.item) return null;
  return (
    <Group gap="xs">
      <Text size="sm">{t('sipGateways.status')}</Text>
      <RegistrationBadge row={{ ...(form.item as { id: number }), register: true }} />
    </Group>
  );
}

const status = (form: EditForm<FormValues>) => <Status form={form} />;

/**
 * `/routing/sip-gateways/register/{new|id}` and `/trunking/{new|id}`: the path fixes the variant
 * of a new gateway; the definition's variants say its fields, tabs and what it requires.
 */
export function SipGatewayEdit({ register }: { register: boolean }) {
  return (
    <ResourceEdit
      def={sipGateways}
      variant={register ? 'register' : 'trunking'}
      newTitle={register ? 'sipGateways.newRegister' : 'sipGateways.newTrunking'}
      after={status}
    />
  );
}

export const RegisterGatewayEdit = () => <SipGatewayEdit register />;
export const TrunkingGatewayEdit = () => <SipGatewayEdit register={false} />;
