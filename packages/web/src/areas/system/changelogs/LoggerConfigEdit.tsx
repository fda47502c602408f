import { Alert } from '@mantine/core';
import { isAuditObject, loggerConfig } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { ConfigExports } from './ConfigExports';
import { ConfigLogs } from './ConfigLogs';
import { ObjectField } from './ObjectField';

const FIELD_VIEWS = { object: ObjectField };

const EXTRA_TABS: EditTab<FormValues>[] = [
  savedTab('logs', (id, form) => <ConfigLogs configId={id} object={String(form.item?.object ?? '')} />),
  savedTab('exports', (id, form) => <ConfigExports configId={id} object={String(form.item?.object ?? '')} />),
];

/**
 * `/system/changelogs/new` and `/{id}`: the generic form, and the object's log and its exports
 * to the storage profile once saved. The
 * security trail is written whatever `enabled` says: the form says so for those objects.
 */
export function LoggerConfigEdit() {
  const { t } = useTranslation();
  return (
    <ResourceEdit
      def={loggerConfig}
      extraTabs={EXTRA_TABS}
      fieldViews={FIELD_VIEWS}
      title={(values) =>
        t(`loggerConfig.options.object.${String(values.object)}`, { defaultValue: String(values.object) })
      }
      after={(form) =>
        isAuditObject(String(form.values.object ?? '')) ? (
          <Alert color="blue" maw={880} data-testid="always-logged">
            {t('loggerConfig.alwaysLogged')}
          </Alert>
        ) : null
      }
    />
  );
}
