import { useTranslation } from 'react-i18next';

/** What the caller of any picker says: its label, state and message. */
export type PickerProps = {
  label: string;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
  required?: boolean;
  description?: string;
};

/**
 * The props every searchable picker (a reference, several references, a time zone) gives its
 * select: one size, searchable, clearable, the same "nothing found" text.
 */
export function usePickerProps({ label, error, disabled, placeholder, required, description }: PickerProps) {
  const { t } = useTranslation();
  return {
    size: 'sm' as const,
    label,
    description,
    required,
    error,
    disabled,
    placeholder,
    searchable: true,
    clearable: true,
    nothingFoundMessage: t('kit.nothingFound'),
  };
}
