/**
 * i18n to-do list: compares every locale catalogue in src/i18n/locales/ with en.json and
 * prints, per locale, the key paths that are missing, the key paths en.json no longer has,
 * and the key paths whose value is still the English text (values that may stay English
 * are listed in src/i18n/same-as-english.ts, the same allow-list the unit test uses).
 *
 * With --fill it first adds every missing key to each locale file with the English value,
 * in en.json's key order, so a translator only has to translate the values it then lists.
 * Keys en.json no longer has are kept and reported; remove them by hand.
 *
 *   npx tsx scripts/i18n-todo.ts          # report only
 *   npx tsx scripts/i18n-todo.ts --fill   # add missing keys, then report
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flattenCatalogue, isSameAsEnglishAllowed } from '../src/i18n/same-as-english.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../src/lib/locales.ts';

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

/**
 * A copy of `target` with the keys of `reference` it lacks, taking the English value.
 * Keys come in the reference's order; keys only `target` has follow at the end of
 * their object. `added` collects the key paths that were filled in.
 */
function fillFrom(reference: Tree, target: Tree, added: string[], prefix = ''): Tree {
  const result: Tree = {};
  for (const [key, referenceValue] of Object.entries(reference)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const has = Object.hasOwn(target, key);
    const targetValue = has ? target[key] : undefined;
    if (isTree(referenceValue)) {
      result[key] = fillFrom(referenceValue, isTree(targetValue) ? targetValue : {}, added, path);
    } else if (has && !isTree(targetValue)) {
      result[key] = targetValue;
    } else {
      added.push(path);
      result[key] = referenceValue;
    }
  }
  for (const [key, targetValue] of Object.entries(target)) {
    if (!Object.hasOwn(reference, key)) result[key] = targetValue;
  }
  return result;
}

function main(argv: readonly string[]): void {
  const unknownArgs = argv.filter((arg) => arg !== '--fill');
  if (unknownArgs.length > 0) {
    console.error(`Unknown argument(s): ${unknownArgs.join(' ')}\nUsage: npx tsx scripts/i18n-todo.ts [--fill]`);
    process.exit(2);
  }
  const fill = argv.includes('--fill');
  const englishTree = readCatalogue(DEFAULT_LOCALE);
  const english = flattenCatalogue(englishTree);
  let open = 0;

  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    let tree = readCatalogue(locale);

    if (fill) {
      const added: string[] = [];
      const filled = fillFrom(englishTree, tree, added);
      if (added.length > 0 || JSON.stringify(filled) !== JSON.stringify(tree)) {
        writeCatalogue(locale, filled);
        tree = filled;
      }
      if (added.length > 0) console.log(`${locale}: added ${added.length} key(s) with the English value`);
    }

    const translated = flattenCatalogue(tree);
    const missing = [...english.keys()].filter((path) => !translated.has(path));
    const extra = [...translated.keys()].filter((path) => !english.has(path));
    const untranslated = [...english]
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
    for (const path of untranslated) console.log(`  still English  ${path}: ${JSON.stringify(english.get(path))}`);
    for (const path of extra) console.log(`  not in en.json ${path}`);
  }

  console.log(open === 0 ? 'Nothing left to translate.' : `${open} item(s) left.`);
}

main(process.argv.slice(2));
