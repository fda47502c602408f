import { triggers } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';
import { nextRun } from './NextRuns';

/** `/integrations/triggers`: name, expression, zone, an inline enabled toggle and the next run. */
export function TriggersList() {
  const { t, i18n } = useTranslation();
  return (
    <ListScreen
      def={triggers}
      title={t('triggers.title')}
      extraColumns={[
        {
          key: 'next',
          label: t('triggers.nextRun'),
          render: (row) =>
            row.enabled === false
              ? ''
              : nextRun(
                  String(row.expression ?? ''),
                  (row.timezone as { name?: string } | null)?.name ?? 'UTC',
                  i18n.language,
                ),
        },
      ]}
    />
  );
}
