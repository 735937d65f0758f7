// The catalogues (docs/decisions/025): every English text has its German translation and the other way round, with
// the same placeholders, plural variable and tags, so no page shows an id or loses a name. TypeScript checks the same
// keys at build (Translation<typeof en>); this checks the messages as Lingui compiled them (compile-catalogues.ts).
import { describe, expect, it } from 'vitest';

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

describe('the messages catalogue (the server’s English texts)', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

  it('keeps in each German text only the varying parts its English key names', () => {
    for (const [english, german] of Object.entries(
      of('de', 'messages') as unknown as Record<string, string>,
    )) {
      expect(placeholders(german), english).toEqual(placeholders(english));
    }
  });
});

it('has no catalogue outside the namespaces', () => {
  const known = new Set<string>(NAMESPACES);
  for (const path of Object.keys(catalogues)) {
    expect(known.has(path.split('/')[2]!.replace(/\.ts$/, '')), path).toBe(true);
  }
});
