import { calendars } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/lookups/calendars`. */
export function CalendarsList() {
  const { t } = useTranslation();
  return <ListScreen def={calendars} title={t('calendars.title')} />;
}
