/**
 * The translation keys, derived from the English catalogue at the type level: a `t()` call
 * with a key that en.json lacks does not compile, on the server (`Translate`) as in islands
 * (`useTranslation().t`, typed by src/i18n/i18next.d.ts).
 */
import type { i18n } from 'i18next';
import type en from './locales/en.json';

/** The plural forms i18next appends to a key (`credits_one`, `credits_other`, `place_ordinal_one`). */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** Dot paths of every string leaf of a catalogue object. */
type LeafPaths<Tree> = {
  [Key in keyof Tree & string]: Tree[Key] extends string ? Key : `${Key}.${LeafPaths<Tree[Key]>}`;
}[keyof Tree & string];

/** A plural key is also callable by its base (`t('credits', { count })`), as i18next's own key types allow. */
type WithPluralBase<Path> = Path extends `${infer Base}_ordinal_${PluralSuffix}`
  ? Base | Path
  : Path extends `${infer Base}_${PluralSuffix}`
    ? Base | Path
    : Path;

/** Every key a `t()` call may use: en.json's dot paths, plus the bases of its plural keys. */
export type TranslationKey = WithPluralBase<LeafPaths<typeof en>>;

/** The keys under one prefix, without it: `KeysUnder<'likes.tabs'>` is `'likes' | 'matches' | …`. */
export type KeysUnder<Prefix extends string> = TranslationKey extends infer Key
  ? Key extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never;

/**
 * Narrows a key built at run time from outside data (a server error code) to a catalogue key,
 * when the instance has a text for it. Keys built from our own unions need no guard.
 */
export function isTranslationKey(instance: Pick<i18n, 'exists'>, key: string): key is TranslationKey {
  return instance.exists(key);
}
