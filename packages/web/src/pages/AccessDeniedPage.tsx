import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      code={t('pages.accessDenied.code')}
      title={t('pages.accessDenied.title')}
      text={t('pages.accessDenied.text')}
    />
  );
}
