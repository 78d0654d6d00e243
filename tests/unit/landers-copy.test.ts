/**
 * The copy of the alonetonight, collagelanding, gallery, iconslanding and swipe landers:
 * every text key a page asks for exists (i18next would otherwise show the bare key), and
 * no text invents numbers such as member counts (trust rules: 'members near you', never
 * '2,345 online').
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '#src/i18n/index.ts';
import { LOCALES } from '#src/lib/locales.ts';

const LANDERS = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'swipe'] as const;
const pagesDir = join(import.meta.dirname, '../../src/pages/[site]/[locale]/landers');

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree !== 'object' || tree === null) return out;
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const english = flatten(catalogues.en);

/** The keys a page's source asks for: t('a.b'), k('c') and k(`step_${n}_title`) as patterns. */
function requestedKeys(lander: string): RegExp[] {
  const source = readFileSync(join(pagesDir, lander, '[...slug].astro'), 'utf8');
  const calls = [...source.matchAll(/\b([tk])\(\s*(['`])([^'`]+)\2/g)];
  return calls.map(([, fn, , key = '']) => {
    const full = fn === 'k' ? `landers.${lander}.${key}` : key;
    const pattern = full
      .split(/\$\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^.]+');
    return new RegExp(`^${pattern}$`);
  });
}

describe.each(LANDERS)('lander %s', (lander) => {
  it('asks only for texts the catalogue has', () => {
    const keys = requestedKeys(lander);
    expect(keys.length).toBeGreaterThan(5);
    const missing = keys.filter((pattern) => ![...english.keys()].some((key) => pattern.test(key)));
    expect(missing.map(String)).toEqual([]);
  });

  it('invents no numbers in any language', () => {
    for (const locale of LOCALES) {
      const texts = flatten(catalogues[locale]);
      const withDigits = [...texts]
        .filter(([key]) => key.startsWith(`landers.${lander}.`) || key.startsWith('landers.common.'))
        .filter(([, text]) => /\d/.test(text.replace('18+', '')));
      expect(withDigits, locale).toEqual([]);
    }
  });
});
