import { expect, type Page } from '@playwright/test';
import { inWorkerDomain } from '../worker-domain';

/** /auth: the sign-in form. */
export class SignInPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/auth');
  }

  /**
   * Signs in to the worker's domain: a bare username is typed as `username@domain`. Every field is
   * looked for in the sign-in form: right after a sign-out the page left behind may still show,
   * and a user editor has a Username and a Password field of its own.
   */
  async signIn(username: string, password: string) {
    const form = this.page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(inWorkerDomain(username));
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/auth/);
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }
}
