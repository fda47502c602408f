import { chatGateways } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/routing/chat-gateways`: name, provider, uri, flow and the enabled switch (a PATCH). */
export function ChatGatewaysList() {
  const { t } = useTranslation();
  return (
    <ListScreen
      def={chatGateways}
      title={t('chatGateways.title')}
      cells={{
        provider: (row) => t(`chatGateways.providers.${String(row.provider)}`),
        flow: (row) => {
          const flow = row.flow as { id: number; name: string } | null;
          return flow ? flow.name || `#${flow.id}` : '';
        },
      }}
    />
  );
}
