import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorPage code={t('pages.notFound.code')} title={t('pages.notFound.title')} text={t('pages.notFound.text')} />
  );
}
