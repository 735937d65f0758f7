import { serverTextsCatalogue } from './i18n';

/**
 * Texts that reach a page in English from outside the web app: the server's error details (its interface keeps them
 * English, docs/contract.md section 3), the contract schemas' validation messages and plan-limit texts. The `messages`
 * catalogue of each other language maps the English text to its own; a key may hold `{name}` for a part that varies
 * ("Your plan allows {count} items."), carried over as it came. A text the catalogue does not know shows as
 * it came.
 */
export function translateMessage(text: string): string {
  const catalogue = serverTextsCatalogue();
  if (!catalogue) return text;
  // A refused field comes as `body.email: <its schema's message>`: the message is translated, the field kept.
  const field = /^((?:body|querystring|params|headers)[\w.[\]]*): (.+)$/s.exec(text);
  if (field) return `${field[1]}: ${translateMessage(field[2]!)}`;
  const exact = catalogue[text];
  if (exact !== undefined) return exact;
  for (const [pattern, names, translation] of patternsOf(catalogue)) {
    const match = pattern.exec(text);
    if (match)
      return names.reduce((out, name, index) => out.replaceAll(`{${name}}`, match[index + 1]!), translation);
  }
  return text;
}

const patterns = new WeakMap<object, [RegExp, string[], string][]>();

/** The catalogue's keys with parts that vary, as anchored expressions, built once per catalogue. */
function patternsOf(catalogue: Record<string, string>) {
  let built = patterns.get(catalogue);
  if (!built) {
    built = Object.entries(catalogue)
      .filter(([key]) => key.includes('{'))
      .map(([key, translation]) => {
        const names = [...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
        const source = key
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('(.+?)');
        return [new RegExp(`^${source}$`, 's'), names, translation];
      });
    patterns.set(catalogue, built);
  }
  return built;
}
