import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The six-digit code of an authenticator app, as the phone's keyboard and password managers expect it. */
export function SixDigitCode({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('twoFactor.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      autoFocus
    />
  );
}
