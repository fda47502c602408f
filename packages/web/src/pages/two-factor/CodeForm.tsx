import { Box, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CodeInput } from './CodeInput';

type Props = {
  /** The form's accessible name. */
  label: string;
  /** What comes above the code field (what to do, the QR code). */
  intro: ReactNode;
  /** The code field takes a recovery code too. */
  recovery?: boolean;
  error?: string;
  onSubmit: (code: string) => void;
  /** The submit button and whatever goes beside it. */
  actions: ReactNode;
};

/** A form that asks for a two-factor code: its intro, the code field and its buttons. */
export function CodeForm({ label, intro, recovery, error, onSubmit, actions }: Props) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form may sit inside another (the settings page): the code is this form's alone.
    event.stopPropagation();
    onSubmit(code);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {intro}
        <CodeInput recovery={recovery} value={code} onChange={setCode} error={error} />
        {actions}
      </Stack>
    </Box>
  );
}
