import { Table, Title } from '@mantine/core';
import {
  type RoleAccess as Access,
  type AccessMode,
  APPLICATIONS,
  type Application,
  NAVIGATION,
} from '@switchboard/model';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ModeControl } from '../../../kit/acl/ModeControl';
import { appMode, sectionMode, withAppMode, withSectionMode } from './values';

type Props = {
  value: Access;
  onChange: (value: Access) => void;
  disabled: boolean;
  /** Whether an application (section null) or a section may take a mode (limits.ts); default always. */
  allowed?: (app: Application, section: string | null, mode: AccessMode) => boolean;
};

/** Access per application, and for the admin console per navigation section. */
export function RoleAccess({ value, onChange, disabled, allowed }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={5} mb="xs">
        {t('roles.applications')}
      </Title>
      <Table withTableBorder verticalSpacing={6} fz="sm" maw={720} mb="lg">
        <Table.Tbody>
          {APPLICATIONS.map((app) => (
            <Table.Tr key={app}>
              <Table.Td>{t(`roles.apps.${app}`)}</Table.Td>
              <Table.Td w={300}>
                <ModeControl
                  label={t(`roles.apps.${app}`)}
                  value={appMode(value, app)}
                  disabled={disabled}
                  allowed={allowed && ((mode) => allowed(app, null, mode))}
                  onChange={(mode) => onChange(withAppMode(value, app, mode))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5} mb="xs">
        {t('roles.sections')}
      </Title>
      <Table withTableBorder verticalSpacing={4} fz="sm" maw={720}>
        <Table.Tbody>
          {NAVIGATION.map((group) => (
            <Fragment key={group.area}>
              <Table.Tr bg="var(--mantine-color-default-hover)">
                <Table.Td colSpan={2} fw={600}>
                  {t(`nav.areas.${group.area}`)}
                </Table.Td>
              </Table.Tr>
              {group.entries.map((entry) => (
                <Table.Tr key={entry.key}>
                  <Table.Td pl="lg">{t(`nav.entries.${entry.key}`)}</Table.Td>
                  <Table.Td w={300}>
                    <ModeControl
                      label={t(`nav.entries.${entry.key}`)}
                      value={sectionMode(value, 'admin', entry.key)}
                      disabled={disabled}
                      allowed={allowed && ((mode) => allowed('admin', entry.key, mode))}
                      onChange={(mode) => onChange(withSectionMode(value, 'admin', entry.key, mode))}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
