import type { Locale, Theme } from '@app/contract';

import { browserLocale, changeLocale } from '@/lib/i18n/i18n';
import { storage } from '@/lib/storage';
import { applyTheme } from '@/lib/theme';

/**
 * The account's language and theme (docs/contract.md section 4, Comfort), kept in the browser while signed in so that
 * the next visit starts in them before anything is fetched; signed-out pages follow the browser.
 */
export function storedLocale(): Locale {
  const stored = storage.get('locale');
  return stored === 'en' || stored === 'de' ? stored : browserLocale();
}

/** Shows the app as the account asks, at once, and keeps it for the next visit. */
export async function applyAccountPreferences({
  locale,
  theme,
}: {
  locale: Locale;
  theme: Theme;
}): Promise<void> {
  storage.set('locale', locale);
  storage.set('theme', theme);
  applyTheme(theme);
  await changeLocale(locale);
}

/** After sign-out: the browser's language and the system's theme again. */
export async function forgetAccountPreferences(): Promise<void> {
  applyTheme('system');
  await changeLocale(browserLocale());
}
