import { Trans as LinguiTrans } from '@lingui/react';
import { useMemo, useSyncExternalStore, type ReactElement } from 'react';

import { i18n } from './i18n';
import type { Namespace } from './namespaces';
import type { Resources } from './resources';

/** The dotted paths of a catalogue's texts: `table.empty`, `form.createTitle`, … */
type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];

/** A namespace's translate function: a key of its English catalogue, and the values its placeholders take. */
export type TFunction<N extends Namespace = 'common'> = ((
  key: KeyOf<Resources[N]>,
  values?: Record<string, unknown>,
) => string) & { readonly namespace: N };

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale;

/**
 * The words of namespace `N` in the app's language (docs/decisions/025), and that language: a component using it
 * renders again when the language changes.
 */
export function useTranslation<N extends Namespace = 'common'>(namespace?: N) {
  const language = useSyncExternalStore(subscribe, currentLocale);
  const ns = (namespace ?? 'common') as N;
  // The language is a dependency: a new `t` for a new language, so memoised texts are made again.
  return useMemo(() => ({ t: fixedT(ns), i18n: { language } }), [ns, language]);
}

/** The translate function of a namespace, in whatever language is current when it is called. */
export function fixedT<N extends Namespace>(namespace: N): TFunction<N> {
  return Object.assign(
    (key: string, values?: Record<string, unknown>) => i18n._(`${namespace}:${key}`, values),
    { namespace },
  ) as TFunction<N>;
}

/**
 * A text with elements in it: `<link>docs</link>` in the catalogue becomes `components.link` holding "docs".
 */
export function Trans<N extends Namespace>({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction<N>;
  i18nKey: KeyOf<Resources[N]>;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}) {
  return <LinguiTrans id={`${t.namespace}:${i18nKey}`} values={values} components={components} />;
}
