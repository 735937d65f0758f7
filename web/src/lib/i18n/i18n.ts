import { LOCALES, type Locale } from '@app/contract/constants';
import { setupI18n, type Messages } from '@lingui/core';

import enAuth from '@/locales/en/auth';
import enCommon from '@/locales/en/common';

import type { ServerTexts } from './server-texts';
import { NAMESPACES, type Namespace } from './namespaces';

/**
 * The app's Lingui instance (docs/decisions/025). A message's id is `<namespace>:<dotted key>`; the catalogues arrive
 * compiled (compile-catalogues.ts), each namespace of each language once.
 */
export const i18n = setupI18n();

// Every catalogue but the two bundled English ones is a chunk of its own language (vite.config.ts), fetched once.
const catalogues = import.meta.glob<{ default: Messages }>('/src/locales/*/*.ts');
const bundled: Partial<Record<`${Locale}:${Namespace}`, Messages>> = {
  'en:common': enCommon as unknown as Messages,
  'en:auth': enAuth as unknown as Messages,
};
const loaded = new Set<string>();
/** The `messages` catalogues, uncompiled: plain texts by error code and message key (lib/i18n/messages.ts). */
const serverTexts = new Map<Locale, ServerTexts>();

/** The first of the browser's languages the app speaks, else English (docs/contract.md section 4, Comfort). */
export function browserLocale(languages: readonly string[] = navigator.languages): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    const locale = LOCALES.find((supported) => supported === base);
    if (locale) return locale;
  }
  return 'en';
}

/** Starts in `locale` with the catalogues the first page needs, so that nothing renders before its words. */
export async function startI18n(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  i18n.on('change', () => {
    document.documentElement.lang = i18n.locale;
  });
  await loadCatalogues(namespaces, locale);
  i18n.activate(locale);
}

/** Fetches the catalogues of `locale` (the current language unless given) that are not loaded yet. */
export async function loadCatalogues(namespaces: readonly Namespace[], locale = i18n.locale as Locale) {
  await Promise.all(
    namespaces
      .filter((namespace) => !loaded.has(`${locale}:${namespace}`))
      .map(async (namespace) => {
        const key = `${locale}:${namespace}` as const;
        const load = catalogues[`/src/locales/${locale}/${namespace}.ts`];
        if (!load) throw new Error(`No ${locale} catalogue ${namespace}`);
        // English needs no `messages`: the server and the contract say them in English.
        if (namespace === 'messages' && locale === 'en') {
          loaded.add(key);
          return;
        }
        const messages = bundled[key] ?? (await load()).default;
        loaded.add(key);
        if (namespace === 'messages') {
          serverTexts.set(locale, messages as unknown as ServerTexts);
          return;
        }
        const prefixed: Messages = {};
        for (const [id, message] of Object.entries(messages)) prefixed[`${namespace}:${id}`] = message;
        i18n.load(locale, prefixed);
      }),
  );
}

/** Switches the app's language once the catalogues loaded so far are there in the new one, so nothing flashes. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const current = NAMESPACES.filter((namespace) => loaded.has(`${i18n.locale}:${namespace}`));
  await loadCatalogues(current, locale);
  i18n.activate(locale);
}

/** The `messages` catalogue of the current language (lib/i18n/messages.ts); none in English. */
export const serverTextsCatalogue = (): ServerTexts | undefined => serverTexts.get(i18n.locale as Locale);
