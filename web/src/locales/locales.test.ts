// The catalogues (docs/decisions/025): every English text has its German translation and the other way round, with
// the same placeholders, plural variable and tags, so no page shows an id or loses a name. TypeScript checks the same
// keys at build (Translation<typeof en>); this checks the messages as Lingui compiled them (compile-catalogues.ts).
// The `messages` catalogues word what the server and the contract say (docs/decisions/030): every error code and every
// schema message, with the values the code's params carry.
import { LOCALES } from '@app/contract/constants';
import { ERROR_CODES, ERROR_PARAMS, VALIDATION_MESSAGES } from '@app/contract/errors';
import { describe, expect, it } from 'vitest';

import type { ServerTexts } from '@/lib/i18n/server-texts';
import { NAMESPACES } from '@/lib/i18n/namespaces';

/**
 * A compiled message: a list of parts, each a text or a token: `[name]` for a placeholder, `[name, 'plural', {one:
 * message, other: message}]` for a plural.
 */
type Message = (string | Token)[];
type Token = [string] | [string, string, Record<string, Message>];

const catalogues = import.meta.glob<Record<string, Message>>('./*/*.ts', { eager: true, import: 'default' });
const of = (locale: string, namespace: string) => catalogues[`./${locale}/${namespace}.ts`];

/** What must survive translation: each placeholder, plural variable and <tag> the message holds. */
function markers(message: Message, out = new Set<string>()): Set<string> {
  for (const part of message) {
    if (typeof part === 'string') {
      for (const tag of part.matchAll(/<\/?(\w+)\s*\/?>/g)) out.add(`<${tag[1]}>`);
    } else if (part[1] === 'plural') {
      out.add(`{${part[0]}, plural}`);
      for (const form of Object.values(part[2]!)) markers(form, out);
    } else out.add(`{${part[0]}}`);
  }
  return out;
}

const textOf = (message: Message | undefined) =>
  (message ?? [])
    .map((part) => (typeof part === 'string' ? part : '…'))
    .join('')
    .trim();

const sorted = (set: Set<string>) => [...set].sort();

describe.each(NAMESPACES.filter((namespace) => namespace !== 'messages'))('the %s catalogue', (namespace) => {
  const en = of('en', namespace) ?? {};
  const de = of('de', namespace) ?? {};

  it('exists in both languages, with the same texts in German as in English', () => {
    expect(of('en', namespace)).toBeDefined();
    expect(of('de', namespace)).toBeDefined();
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps every placeholder, plural and tag, and leaves no text empty', () => {
    for (const [key, english] of Object.entries(en)) {
      expect(textOf(english), `en ${namespace}:${key}`).not.toBe('');
      expect(textOf(de[key]), `de ${namespace}:${key}`).not.toBe('');
      expect(sorted(markers(de[key] ?? [])), `de ${namespace}:${key}`).toEqual(sorted(markers(english)));
    }
  });
});

/** A `messages` catalogue (lib/i18n/messages.ts), as written: plain texts by error code and message key. */
const serverTexts = (locale: string) => of(locale, 'messages') as unknown as ServerTexts | undefined;
/** The `{name}`s of a text: the values of its code's params it shows. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
const numbers = (text: string) => text.match(/\d+/g) ?? [];

// English is what the server and the contract say; every other language words each refusal itself.
describe.each(LOCALES.filter((locale) => locale !== 'en'))('the %s messages catalogue', (locale) => {
  const texts = serverTexts(locale);

  it('words every error code, each case of a code of cases, with exactly the values its params carry', () => {
    expect(texts, `${locale}/messages.ts`).toBeDefined();
    const errors = texts!.errors as Record<string, string | Record<string, string>>;
    for (const code of ERROR_CODES) {
      const spec: readonly string[] | Record<string, readonly string[]> =
        (ERROR_PARAMS as Record<string, readonly string[] | Record<string, readonly string[]>>)[code] ?? [];
      const text = errors[code];
      if (Array.isArray(spec)) {
        expect(typeof text, `${locale} has no text for ${code}`).toBe('string');
        expect(placeholders(text as string), code).toEqual([...spec].sort());
        continue;
      }
      const cases = spec as Record<string, readonly string[]>;
      expect(Object.keys(text ?? {}).sort(), `${locale} texts of ${code}`).toEqual(Object.keys(cases).sort());
      for (const [reason, names] of Object.entries(cases)) {
        const caseText = (text as Record<string, string>)[reason]!;
        expect(caseText.trim(), `${code} ${reason}`).not.toBe('');
        expect(placeholders(caseText), `${code} ${reason}`).toEqual([...names].sort());
      }
    }
    expect(Object.keys(errors).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('words every schema message, stating the limits the English states', () => {
    for (const [key, english] of Object.entries(VALIDATION_MESSAGES)) {
      const text = (texts!.validation as Record<string, string | undefined>)[key];
      expect(text?.trim(), `${locale} has no text for the message ${key}`).toBeTruthy();
      expect(numbers(text!), key).toEqual(numbers(english));
      expect(placeholders(text!), key).toEqual([]);
    }
    expect(Object.keys(texts!.validation).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
  });
});

it('has no catalogue outside the namespaces', () => {
  const known = new Set<string>(NAMESPACES);
  for (const path of Object.keys(catalogues)) {
    expect(known.has(path.split('/')[2]!.replace(/\.ts$/, '')), path).toBe(true);
  }
});
