import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@switchboard/model';
import { Shell } from './pages/Shell';
import { SignInPage } from './pages/SignInPage';
import { ADMIN_PASSWORD } from './playwright.config';
import { domainOfWorker, inWorkerDomain, workerDomain } from './worker-domain';

/**
 * The administrator of the current worker's domain. The sign-in form (SignInPage) and AdminApi add
 * the worker's domain to a bare username; a test that posts /api/login itself uses `inWorkerDomain`.
 */
export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };

export { inWorkerDomain, workerDomain };

/** The API as the administrator: set-up and clean-up that the test itself is not about. */
export class AdminApi {
  private token = '';
  constructor(private readonly request: APIRequestContext) {}

  async signIn(domain: string) {
    const answer = await this.request.post('/api/login', { data: { ...ADMIN, domain } });
    if (!answer.ok()) throw new Error(`Sign-in as admin of ${domain}: ${answer.status()} ${await answer.text()}`);
    this.token = ((await answer.json()) as { accessToken: string }).accessToken;
  }

  /** The header that signs a request in as the administrator (uploads, which `call` does not send). */
  authorization() {
    return { authorization: `Bearer ${this.token}` };
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const answer = await this.request.fetch(`/api${path}`, {
      method,
      data,
      headers: { authorization: `Bearer ${this.token}` },
    });
    if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
    return (answer.status() === 204 ? undefined : await answer.json()) as T;
  }

  async createUser(username: string, extra: Record<string, unknown> = {}): Promise<{ id: number }> {
    return this.call('POST', '/users', { username, name: username, password: 'E2e-user-password-1', ...extra });
  }

  async findUser(username: string): Promise<{ id: number; username: string } | undefined> {
    const { items } = await this.call<{ items: { id: number; username: string }[] }>(
      'GET',
      `/users?q=${encodeURIComponent(username)}&size=100`,
    );
    return items.find((u) => u.username === username);
  }
}

type Fixtures = { api: AdminApi; signIn: SignInPage; shell: Shell; signedIn: Shell };
type WorkerFixtures = { domain: string };

export const test = base.extend<Fixtures, WorkerFixtures>({
  /** This worker's domain: its records, its `admin`; no other worker signs in to it. */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern (none here).
  domain: [async ({}, use, workerInfo) => use(domainOfWorker(workerInfo.parallelIndex)), { scope: 'worker' }],
  api: async ({ request, domain }, use) => {
    const api = new AdminApi(request);
    await api.signIn(domain);
    await use(api);
  },
  signIn: async ({ page }, use) => use(new SignInPage(page)),
  shell: async ({ page }, use) => use(new Shell(page)),
  /**
   * A page signed in as the administrator, on /start. The session is made as the sign-in form
   * makes it (POST /api/login, the token kept in localStorage), without typing it into the form
   * each time: the form itself is tested in session.spec.ts. A session of its own, so a test that
   * signs out does not end the `api` fixture's.
   */
  signedIn: async ({ page, shell, domain }, use) => {
    const answer = await page.request.post('/api/login', { data: { ...ADMIN, domain } });
    expect(answer.ok()).toBeTruthy();
    const { accessToken } = (await answer.json()) as { accessToken: string };
    // Once per tab, before the console's own scripts: a later sign-out or reload is the test's.
    await page.addInitScript(
      ([key, token]) => {
        if (location.origin === 'null' || sessionStorage.getItem('e2e-signed-in')) return;
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem(key, token);
      },
      [TOKEN_STORAGE_KEY, accessToken],
    );
    await page.goto('/start');
    await expect(page).toHaveURL(/\/start/);
    await shell.expectShown();
    await use(shell);
  },
});

export { expect };
