import { expect, type Locator, type Page } from '@playwright/test';

/** The admin layout: navigation, user menu and language switcher. */
export class Shell {
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByTestId('admin-nav');
  }

  navEntry(key: string): Locator {
    return this.nav.locator(`[data-nav="${key}"]`);
  }

  navSection(area: string): Locator {
    return this.nav.locator(`[data-area="${area}"]`);
  }

  async open(key: string) {
    await this.navEntry(key).click();
  }

  async switchLanguage(lang: 'en' | 'ru' | 'ua') {
    await this.page.getByTestId('language-menu').click();
    await this.page.locator(`[data-lang="${lang}"]`).click();
  }

  async signOut() {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }

  async expectShown() {
    await expect(this.nav).toBeVisible();
  }
}
