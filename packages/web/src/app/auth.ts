import { api, setToken } from './api';

export type LoginAnswer = { accessToken: string; tokenType: string; expiresAt: string };
export type Credentials = { username: string; password: string; domain?: string };

/** Signs in and stores the access token; failures are the caller's to show, so the call is silent. */
export async function signIn(credentials: Credentials): Promise<void> {
  const body: Credentials = { username: credentials.username.trim(), password: credentials.password };
  if (credentials.domain?.trim()) body.domain = credentials.domain.trim();
  const answer = await api.post<LoginAnswer>('/login', body, { silent: true });
  setToken(answer.accessToken);
}
