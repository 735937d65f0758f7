// Compiles the web app's catalogues (src/locales/<language>/<namespace>.ts, ICU MessageFormat) at build time with
// Lingui's own compiler, so the browser receives ready messages and no parser (docs/decisions/025). Each catalogue
// module becomes `export default { "<dotted key>": <compiled message> }`.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

// Every catalogue but `messages`, which holds plain texts by error code and message key (src/lib/i18n/messages.ts).
const CATALOGUE = /[\\/]src[\\/]locales[\\/][a-z]{2}[\\/](?!messages\.)[a-z-]+\.ts$/;

type Tree = { [key: string]: string | Tree };

/** The leaves of a catalogue by their dotted path, each compiled. */
export function compileCatalogue(tree: Tree, prefix = '', out: Record<string, unknown> = {}) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') {
      try {
        out[prefix + key] = compileMessage(value);
      } catch (error) {
        throw new Error(`${prefix + key}: ${(error as Error).message} in ${JSON.stringify(value)}`, {
          cause: error,
        });
      }
    } else compileCatalogue(value, `${prefix}${key}.`, out);
  }
  return out;
}

export function compileCatalogues(): Plugin {
  return {
    name: 'tessera:compile-catalogues',
    // After TypeScript is stripped: what is left is `export default { … }`, an object of strings.
    enforce: 'post',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?')[0]!)) return null;
      const body = code
        .replace(/^\s*export default\s*/m, 'return ')
        .replace(/export \{\s*(\w+) as default\s*\};?/, 'return $1;');
      const tree = new Function(body)() as Tree;
      return { code: `export default ${JSON.stringify(compileCatalogue(tree))};\n`, map: null };
    },
  };
}
