import { expect, type Page } from '@playwright/test';
import { inWorkerDomain } from '../worker-domain';

/** /auth: the sign-in form. */
export class SignInPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/auth');
  }

  /** Signs in to the worker's domain: a bare username is typed as `username@domain`. */
  async signIn(username: string, password: string) {
    await this.page.getByLabel('Username').fill(inWorkerDomain(username));
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/auth/);
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }
}
