import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The one field of a two-factor code: the six digits of an authenticator app, as the phone's
 * keyboard and password managers expect them, or with `recovery` one of the recovery codes too
 * (any characters, any length).
 */
export function CodeInput({
  value,
  onChange,
  error,
  recovery = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  recovery?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(recovery ? 'twoFactor.codeOrRecovery' : 'twoFactor.code')}
      name="code"
      inputMode={recovery ? undefined : 'numeric'}
      autoComplete="one-time-code"
      maxLength={recovery ? undefined : 6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      autoFocus
    />
  );
}
