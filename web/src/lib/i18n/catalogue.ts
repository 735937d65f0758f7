/**
 * A translation of a catalogue: the same keys, every value a string. `satisfies Translation<typeof en>` on a
 * German catalogue fails the typecheck on a missing or an extra key; the key parity test (locales.test.ts) also
 * checks the placeholders.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
