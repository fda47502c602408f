import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@switchboard/model';
import { Shell } from './pages/Shell';
import { SignInPage } from './pages/SignInPage';
import { ADMIN_PASSWORD } from './playwright.config';

export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };

/** The API as the administrator: set-up and clean-up that the test itself is not about. */
export class AdminApi {
  private token = '';
  constructor(private readonly request: APIRequestContext) {}

  async signIn() {
    const answer = await this.request.post('/api/login', { data: ADMIN });
    expect(answer.ok()).toBeTruthy();
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

export const test = base.extend<Fixtures>({
  api: async ({ request }, use) => {
    const api = new AdminApi(request);
    await api.signIn();
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
  signedIn: async ({ page, shell }, use) => {
    const answer = await page.request.post('/api/login', { data: ADMIN });
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
