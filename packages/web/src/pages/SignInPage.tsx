import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '../app/api';
import { type Enrolment, signIn, signInWithCode, startSignInEnrolment } from '../app/auth';
import { lazyScreen } from '../app/lazy';
import { safeReturnPath } from '../app/redirect';
import { useSession } from '../app/session';
import { useDocumentTitle } from '../app/title';
import { filled } from '../kit/edit/rules';
import { translateFailure, translateMessage } from '../kit/messages';
import { CodeStep } from './two-factor/CodeStep';

// The set-up steps (QR code, recovery codes) load only when a role requires the set-up at sign-in,
// which keeps them out of the first load of this page.
const EnrolmentStep = lazyScreen(() =>
  import('./two-factor/EnrolmentStep').then((m) => ({ default: m.EnrolmentStep })),
);
const RecoveryCodes = lazyScreen(() =>
  import('./two-factor/RecoveryCodes').then((m) => ({ default: m.RecoveryCodes })),
);

/** After the password: the code, a set-up a role requires, then the recovery codes of that set-up. */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string }
  | { kind: 'enrol'; challenge: string; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] };

/** /auth: username, password and, when needed, the domain; server errors shown above the button. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useSession();
  // Errors show from a submit until the next one, typing does not clear them.
  const form = useForm({
    initialValues: { username: '', password: '', domain: '', withDomain: false },
    clearInputErrorOnChange: false,
    validate: {
      username: filled(t, { trim: true }),
      password: filled(t),
      domain: (v, values) => (values.withDomain ? filled(t, { trim: true })(v) : null),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [codeError, setCodeError] = useState<string>();
  useDocumentTitle(t('auth.title'));

  const describe = (error: unknown): string => {
    if (!(error instanceof ApiFailure)) return t('auth.failed');
    if (error.status === 401 && error.body.id === 'app.auth.inactive') return t('auth.inactive');
    if (error.status === 401) return t('auth.badCredentials');
    if (error.status === 429) return t('auth.tooManyAttempts');
    if (error.status === 0) return t('common.networkError');
    return translateFailure(t, error.body, error.message);
  };

  const enter = async () => {
    await refresh();
    navigate(safeReturnPath(params.get('from')), { replace: true });
  };

  const submitCode = async (challenge: string, code: string) => {
    setBusy(true);
    setCodeError(undefined);
    try {
      const codes = await signInWithCode(challenge, code);
      if (codes.length) setStep({ kind: 'codes', codes });
      else await enter();
    } catch (error) {
      const field = error instanceof ApiFailure ? error.body.fields?.find((f) => f.field === 'code') : undefined;
      if (field) setCodeError(translateMessage(t, field));
      else if (error instanceof ApiFailure && error.status === 401) {
        // The challenge expired or ran out of attempts: the password is asked again.
        setStep({ kind: 'password' });
        form.setFieldValue('password', '');
        setFailure(t('twoFactor.expired'));
      } else setCodeError(describe(error));
    } finally {
      setBusy(false);
    }
  };

  const send = async ({ username, password, domain, withDomain }: typeof form.values) => {
    try {
      const second = await signIn({ username, password, domain: withDomain ? domain : undefined });
      if (second?.twoFactor === 'code') setStep({ kind: 'code', challenge: second.challenge });
      else if (second) {
        setStep({
          kind: 'enrol',
          challenge: second.challenge,
          enrolment: await startSignInEnrolment(second.challenge),
        });
      } else await enter();
    } catch (error) {
      const fields = error instanceof ApiFailure ? (error.body.fields ?? []) : [];
      const domainField = fields.find((f) => f.field === 'domain');
      if (domainField) {
        // The server could not tell the domain from the username: ask for it.
        form.setFieldValue('withDomain', true);
        form.setErrors({ domain: t('auth.domainRequired') });
      } else if (fields.length) {
        const mine = fields.filter((f) => f.field === 'username' || f.field === 'password');
        form.setErrors(Object.fromEntries(mine.map((f) => [f.field, translateMessage(t, f)])));
        if (!mine.length) setFailure(describe(error));
      } else setFailure(describe(error));
    }
  };

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="md" p="xl" radius="lg" w={380} maw="100%">
        {step.kind === 'code' && (
          <SecondStepFrame>
            <CodeStep busy={busy} error={codeError} onSubmit={(code) => submitCode(step.challenge, code)} />
          </SecondStepFrame>
        )}
        {step.kind === 'enrol' && (
          <SecondStepFrame hint={t('twoFactor.requiredByRole')}>
            <EnrolmentStep
              enrolment={step.enrolment}
              busy={busy}
              error={codeError}
              onConfirm={(code) => submitCode(step.challenge, code)}
            />
          </SecondStepFrame>
        )}
        {step.kind === 'codes' && (
          <SecondStepFrame>
            <RecoveryCodes codes={step.codes} onDone={enter} />
          </SecondStepFrame>
        )}
        {step.kind === 'password' && (
          <Box
            component="form"
            onSubmit={(event) => {
              setFailure(null);
              form.onSubmit(send)(event);
            }}
            noValidate
            aria-label={t('auth.title')}
          >
            <Stack gap="md">
              <div>
                <Title order={2}>{t('app.title')}</Title>
                <Text c="dimmed" size="sm">
                  {t('auth.subtitle')}
                </Text>
              </div>
              <TextInput
                label={t('auth.username')}
                name="username"
                autoComplete="username"
                autoFocus
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label={t('auth.password')}
                name="password"
                autoComplete="current-password"
                {...form.getInputProps('password')}
              />
              <Switch label={t('auth.useDomain')} {...form.getInputProps('withDomain', { type: 'checkbox' })} />
              {form.values.withDomain && (
                <TextInput label={t('auth.domain')} name="domain" {...form.getInputProps('domain')} />
              )}
              {failure && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {failure}
                </Alert>
              )}
              <Button type="submit" loading={form.submitting} fullWidth>
                {t('auth.submit')}
              </Button>
            </Stack>
          </Box>
        )}
      </Paper>
    </Center>
  );
}

function SecondStepFrame({ hint, children }: { hint?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('twoFactor.title')}</Title>
        {hint && (
          <Text c="dimmed" size="sm">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}
