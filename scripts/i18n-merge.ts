/**
 * Merges a draft of translations into the locale catalogues: the draft is a JSON file
 * `{ "<locale>": { <nested keys> }, ... }`; each locale's keys are deep-merged into
 * src/i18n/locales/<locale>.json (new keys added at the end of their object, existing ones
 * replaced). A lock file keeps parallel merges from overwriting each other.
 *
 *   npx tsx scripts/i18n-merge.ts drafts/profile.json [more.json ...]
 */
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLocale } from '#src/lib/locales.ts';

type Tree = { [key: string]: unknown };

const LOCALES_DIR = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));
const LOCK = `${LOCALES_DIR}.merge.lock`;

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(target: Tree, source: Tree, path: string): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isTree(value)) {
      if (existing !== undefined && !isTree(existing))
        throw new Error(`${path}${key}: a text in the catalogue, an object in the draft`);
      const child = isTree(existing) ? existing : {};
      target[key] = child;
      merge(child, value, `${path}${key}.`);
    } else if (typeof value === 'string') {
      if (isTree(existing)) throw new Error(`${path}${key}: an object in the catalogue, a text in the draft`);
      target[key] = value;
    } else {
      throw new Error(`${path}${key}: only texts and objects may be merged`);
    }
  }
}

async function withLock(run: () => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      break;
    } catch {
      if (attempt > 200) throw new Error(`${LOCK} is held; remove it if no merge is running`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    run();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npx tsx scripts/i18n-merge.ts draft.json [...]');
  process.exit(2);
}
await withLock(() => {
  for (const file of files) {
    const draft: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isTree(draft)) throw new Error(`${file}: not a JSON object`);
    for (const [locale, keys] of Object.entries(draft)) {
      if (!isLocale(locale) || !isTree(keys)) throw new Error(`${file}: "${locale}" is not a locale with keys`);
      const path = `${LOCALES_DIR}${locale}.json`;
      const catalogue: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (!isTree(catalogue)) throw new Error(`${path} is not a JSON object`);
      merge(catalogue, keys, '');
      writeFileSync(path, `${JSON.stringify(catalogue, null, 2)}\n`, 'utf8');
    }
    console.log(`merged ${file} into ${Object.keys(draft).join(', ')}`);
  }
});
