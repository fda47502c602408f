import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A modal of the console: its close button is named in the reader's language. */
export function Dialog(props: ModalProps) {
  const { t } = useTranslation();
  return <Modal closeButtonProps={{ 'aria-label': t('kit.close') }} {...props} />;
}
