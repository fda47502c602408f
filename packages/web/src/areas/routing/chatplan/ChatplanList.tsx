import { chatplan } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/routing/chatplan`: the enabled switch of each row saves at once (PATCH). */
export function ChatplanList() {
  const { t } = useTranslation();
  return <ListScreen def={chatplan} title={t('chatplan.title')} />;
}
