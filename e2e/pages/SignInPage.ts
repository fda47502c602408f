import { expect, type Page } from '@playwright/test';

/** /auth: the sign-in form. */
export class SignInPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/auth');
  }

  async signIn(username: string, password: string) {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/auth/);
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }
}
