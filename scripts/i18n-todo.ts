/**
 * i18n to-do list: compares every locale catalogue in src/i18n/locales/ with en.json and
 * prints, per locale, the key paths that are missing, the key paths en.json does not have,
 * and the key paths whose value is still the English text (values that may stay English
 * are listed in src/i18n/same-as-english.ts, the same allow-list the unit test uses).
 * "Missing" includes the plural forms a language needs beyond English's `_one`/`_other`
 * (Polish `_few` and `_many`; see expectedKeyPaths in src/i18n/same-as-english.ts).
 *
 * With --fill it first adds every missing key to each locale file with the English value,
 * in en.json's key order, so a translator only has to translate the values it then lists.
 * Keys en.json does not have are kept (at the end of their object) and reported; remove
 * them by hand.
 *
 *   npx tsx scripts/i18n-todo.ts          # report only
 *   npx tsx scripts/i18n-todo.ts --fill   # add missing keys, then report
 *   npx tsx scripts/i18n-todo.ts --fill --locales=de,nl   # only those catalogues
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectedKeyPaths, flattenCatalogue, isSameAsEnglishAllowed } from '#src/i18n/same-as-english.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#src/lib/locales.ts';

type Tree = { [key: string]: unknown };

const LOCALES_DIR = new URL('../src/i18n/locales/', import.meta.url);

function fileOf(locale: Locale): string {
  return fileURLToPath(new URL(`${locale}.json`, LOCALES_DIR));
}

function readCatalogue(locale: Locale): Tree {
  const parsed: unknown = JSON.parse(readFileSync(fileOf(locale), 'utf8'));
  if (!isTree(parsed)) throw new Error(`${fileOf(locale)} is not a JSON object`);
  return parsed;
}

function writeCatalogue(locale: Locale, catalogue: Tree): void {
  writeFileSync(fileOf(locale), `${JSON.stringify(catalogue, null, 2)}\n`, 'utf8');
}

function isTree(value: unknown): value is Tree {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Sets a dotted key path in a tree; false when a string already sits on the way. */
function setPath(tree: Tree, path: string, value: string): boolean {
  const keys = path.split('.');
  let node = tree;
  for (const key of keys.slice(0, -1)) {
    if (!Object.hasOwn(node, key)) node[key] = {};
    const next = node[key];
    if (!isTree(next)) return false;
    node = next;
  }
  const last = keys[keys.length - 1] ?? '';
  if (isTree(node[last])) return false;
  node[last] = value;
  return true;
}

/**
 * Rebuilds a locale catalogue in the expected key order: its own value where it has one,
 * otherwise the English value (reported in `added`). Its keys that are not expected come
 * after, at the end of their object; those that clash with the expected shape are dropped
 * and reported in `dropped`.
 */
function fill(expected: ReadonlyMap<string, string>, current: Tree, added: string[], dropped: string[]): Tree {
  const own = flattenCatalogue(current);
  const result: Tree = {};
  for (const [path, englishValue] of expected) {
    const value = own.get(path);
    if (value === undefined) added.push(path);
    setPath(result, path, value ?? englishValue);
  }
  for (const [path, value] of own) {
    if (!expected.has(path) && !setPath(result, path, value)) dropped.push(path);
  }
  return result;
}

function main(argv: readonly string[]): void {
  const unknownArgs = argv.filter((arg) => arg !== '--fill' && !arg.startsWith('--locales='));
  if (unknownArgs.length > 0) {
    console.error(
      `Unknown argument(s): ${unknownArgs.join(' ')}\nUsage: npx tsx scripts/i18n-todo.ts [--fill] [--locales=de,nl]`,
    );
    process.exit(2);
  }
  const shouldFill = argv.includes('--fill');
  // --locales=de,nl limits the run to those files, so translators working in parallel never
  // write each other's catalogues.
  const only = argv
    .find((arg) => arg.startsWith('--locales='))
    ?.slice('--locales='.length)
    .split(',');
  const english = flattenCatalogue(readCatalogue(DEFAULT_LOCALE));
  let open = 0;

  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE || (only && !only.includes(locale))) continue;
    const expected = expectedKeyPaths(english, locale);
    let tree = readCatalogue(locale);

    if (shouldFill) {
      const added: string[] = [];
      const dropped: string[] = [];
      const filled = fill(expected, tree, added, dropped);
      if (JSON.stringify(filled) !== JSON.stringify(tree)) {
        writeCatalogue(locale, filled);
        tree = filled;
      }
      if (added.length > 0) console.log(`${locale}: added ${added.length} key(s) with the English value`);
      for (const path of dropped) console.log(`${locale}: dropped ${path} (clashes with en.json's structure)`);
    }

    const translated = flattenCatalogue(tree);
    const missing = [...expected.keys()].filter((path) => !translated.has(path));
    const extra = [...translated.keys()].filter((path) => !expected.has(path));
    const untranslated = [...expected]
      .filter(([path, value]) => translated.get(path) === value && !isSameAsEnglishAllowed(locale, path))
      .map(([path]) => path);

    const count = missing.length + extra.length + untranslated.length;
    open += count;
    if (count === 0) {
      console.log(`${locale}: complete`);
      continue;
    }
    console.log(
      `${locale}: ${missing.length} missing, ${untranslated.length} still English, ${extra.length} not in en.json`,
    );
    for (const path of missing) console.log(`  missing        ${path}`);
    for (const path of untranslated) console.log(`  still English  ${path}: ${JSON.stringify(expected.get(path))}`);
    for (const path of extra) console.log(`  not in en.json ${path}`);
  }

  console.log(open === 0 ? 'Nothing left to translate.' : `${open} item(s) left.`);
}

main(process.argv.slice(2));
