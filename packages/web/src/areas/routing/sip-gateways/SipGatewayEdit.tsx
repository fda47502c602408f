import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  refOf,
  SIP_ACL_PROTOCOLS,
  SIP_EXPIRES_MAX,
  SIP_EXPIRES_MIN,
  type SipAclProtocol,
  sipGateways,
} from '@switchboard/model';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import type { EditForm, EditTab } from '../../../kit/edit/form';
import { RefSelect } from '../../../kit/fields/RefSelect';
import { SwitchField, TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { RegistrationBadge } from './SipGatewaysList';
import {
  type AclRowValues,
  checkSipGateway,
  emptySipGateway,
  type SipGatewayValues,
  sipGatewayFromItem,
  sipGatewayToInput,
} from './values';

type Form = EditForm<SipGatewayValues>;

function AclRows({ form }: { form: Form }) {
  const { t } = useTranslation();
  const rows = form.values.ipacl;
  const change = (index: number, patch: Partial<AclRowValues>) =>
    form.set(
      'ipacl',
      rows.map((r, i) => (i === index ? { ...r, ...patch } : r)),
    );
  return (
    <Stack maw={720} gap="xs">
      <Table withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sipGateways.aclIp')}</Table.Th>
            <Table.Th w={140}>{t('sipGateways.aclProto')}</Table.Th>
            <Table.Th w={140}>{t('sipGateways.aclPort')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            // Rows have no identity of their own; their place is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={index}>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={t('sipGateways.aclIp')}
                  value={row.ip}
                  disabled={form.readOnly}
                  error={form.error(`ipacl.${index}.ip`)}
                  onChange={(e) => change(index, { ip: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  aria-label={t('sipGateways.aclProto')}
                  data={SIP_ACL_PROTOCOLS.map((p) => ({ value: p, label: t(`sipGateways.protocols.${p}`) }))}
                  value={row.proto}
                  allowDeselect={false}
                  disabled={form.readOnly}
                  onChange={(v) => change(index, { proto: (v ?? 'any') as SipAclProtocol })}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  size="xs"
                  aria-label={t('sipGateways.aclPort')}
                  value={row.port ?? ''}
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  disabled={form.readOnly}
                  error={form.error(`ipacl.${index}.port`)}
                  onChange={(v) => change(index, { port: typeof v === 'number' ? v : null })}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('kit.delete')}
                  disabled={form.readOnly}
                  onClick={() =>
                    form.set(
                      'ipacl',
                      rows.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('sipGateways.aclEmpty')}
        </Text>
      )}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={form.readOnly}
          onClick={() => form.set('ipacl', [...rows, { ip: '', proto: 'any', port: null }])}
        >
          {t('sipGateways.aclAdd')}
        </Button>
      </Group>
    </Stack>
  );
}

function GeneralTab({ form }: { form: Form }) {
  const { t } = useTranslation();
  const v = form.values;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
      <TextField form={form} name="name" label={t(fieldKey('name'))} required />
      {v.register ? (
        <>
          <TextField form={form} name="account" label={t('sipGateways.account')} required />
          <TextField form={form} name="username" label={t(fieldKey('username'))} autoComplete="off" />
          <TextField
            form={form}
            name="password"
            kind="password"
            label={v.passwordSet ? t('sipGateways.newPassword') : t(fieldKey('password'))}
            required={!v.passwordSet}
            autoComplete="new-password"
          />
          <NumberInput
            size="sm"
            label={t('sipGateways.expires')}
            required
            min={SIP_EXPIRES_MIN}
            max={SIP_EXPIRES_MAX}
            allowDecimal={false}
            clampBehavior="none"
            value={v.expires}
            disabled={form.readOnly}
            error={form.error('expires')}
            onChange={(n) => form.set('expires', typeof n === 'number' ? n : Number.NaN)}
          />
          <TextField form={form} name="proxy" label={t('sipGateways.proxy')} required />
          <TextField form={form} name="registrar" label={t('sipGateways.registrar')} />
        </>
      ) : (
        <>
          <TextField form={form} name="host" label={t('sipGateways.host')} required />
          <TextField form={form} name="proxy" label={t('sipGateways.proxy')} required />
        </>
      )}
      <RefSelect
        of={refOf(sipGateways, 'schema')}
        label={t('sipGateways.schema')}
        value={v.schema}
        disabled={form.readOnly}
        error={form.error('schema')}
        onChange={(schema) => form.set('schema', schema)}
      />
      <TextField form={form} name="usage" label={t('sipGateways.usage')} />
      <TextField form={form} name="description" kind="textarea" label={t(fieldKey('description'))} />
      <Stack gap="xs">
        <SwitchField form={form} name="enable" label={t('sipGateways.enable')} />
        {v.register && !form.isNew && form.item && (
          <Group gap="xs">
            <Text size="sm">{t('sipGateways.status')}</Text>
            <RegistrationBadge row={{ ...(form.item as { id: number }), register: true }} />
          </Group>
        )}
      </Stack>
    </SimpleGrid>
  );
}

/**
 * `/routing/sip-gateways/register/{new|id}` and `/trunking/{new|id}`: the path fixes the variant.
 */
export function SipGatewayEdit({ register }: { register: boolean }) {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<SipGatewayValues>[]>(
    () => [
      {
        key: 'general',
        label: t('sipGateways.tabs.general'),
        fields: [
          'name',
          'account',
          'username',
          'password',
          'expires',
          'proxy',
          'registrar',
          'host',
          'schema',
          'usage',
          'description',
          'enable',
        ],
        render: (form) => <GeneralTab form={form} />,
      },
      ...(register
        ? []
        : [
            {
              key: 'acl',
              label: t('sipGateways.tabs.acl'),
              fields: ['ipacl'],
              render: (form: Form) => <AclRows form={form} />,
            },
          ]),
    ],
    [t, register],
  );
  const empty = useCallback(() => emptySipGateway(register), [register]);
  return (
    <EditScreen
      def={sipGateways}
      tabs={tabs}
      empty={empty}
      fromItem={sipGatewayFromItem}
      toInput={sipGatewayToInput}
      check={checkSipGateway}
      title={(values, isNew) =>
        isNew ? t(register ? 'sipGateways.newRegister' : 'sipGateways.newTrunking') : values.name
      }
    />
  );
}

export const RegisterGatewayEdit = () => <SipGatewayEdit register />;
export const TrunkingGatewayEdit = () => <SipGatewayEdit register={false} />;
