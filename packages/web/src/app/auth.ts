import { api, setToken } from './api';

export type LoginAnswer = { accessToken: string; tokenType: string; expiresAt: string; recoveryCodes?: string[] };
export type Credentials = { username: string; password: string; domain?: string };
/** The password was right and a second factor is due: its code, or a set-up a role requires. */
export type SecondStep = { twoFactor: 'code' | 'enrol'; challenge: string; expiresAt: string };
export type Enrolment = { secret: string; uri: string };

/**
 * Signs in and stores the access token, or answers the second step that is due first; failures
 * are the caller's to show, so the call is silent.
 */
export async function signIn(credentials: Credentials): Promise<SecondStep | null> {
  const body: Credentials = { username: credentials.username.trim(), password: credentials.password };
  if (credentials.domain?.trim()) body.domain = credentials.domain.trim();
  const answer = await api.post<LoginAnswer | SecondStep>('/login', body, { silent: true });
  if ('twoFactor' in answer) return answer;
  setToken(answer.accessToken);
  return null;
}

/** The second step: a six-digit code or a recovery code. Answers recovery codes after a set-up. */
export async function signInWithCode(challenge: string, code: string): Promise<string[]> {
  const answer = await api.post<LoginAnswer>('/login/two-factor', { challenge, code: code.trim() }, { silent: true });
  setToken(answer.accessToken);
  return answer.recoveryCodes ?? [];
}

/** The set-up a role requires, started during sign-in. */
export const startSignInEnrolment = (challenge: string) =>
  api.post<Enrolment>('/login/two-factor/enrol', { challenge }, { silent: true });
