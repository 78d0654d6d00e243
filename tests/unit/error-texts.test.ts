/**
 * Every refusal a member can meet has a text in all eleven languages: each error code the
 * contract declares (src/contract/errors.ts) against every catalogue, and each check the members
 * app makes itself (CheckError) against the namespaces the members island is given, since a key
 * outside them reaches the screen as the key itself (SPEC §8).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ErrorDeclaration } from '#src/contract/define.ts';
import { ERROR_DECLARATIONS } from '#src/contract/errors.ts';
import { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import { LOCALES } from '#src/lib/locales.ts';

function catalogue(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`src/i18n/locales/${locale}.json`, 'utf8')) as Record<string, unknown>;
}

function textAt(tree: Record<string, unknown>, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Every text key a declared code (or its other-status texts) answers with. */
function declaredKeys(): string[] {
  return (ERROR_DECLARATIONS as readonly ErrorDeclaration[]).flatMap((declaration) => [
    ...declaration.codes.map((code) => `${declaration.messages}.${code}`),
    ...Object.keys(declaration.statusOfMessage),
  ]);
}

/** The folders whose screens the members island renders (the staff consoles and auth pages have their own). */
const MEMBERS_FEATURES = readdirSync('src/features').filter(
  (folder) => !['auth', 'operator', 'teasers'].includes(folder),
);

function checkErrorKeys(folder: string): string[] {
  const keys: string[] = [];
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(join(folder, file), 'utf8');
    for (const match of source.matchAll(/new CheckError\(\s*'([^']+)'/g)) keys.push(match[1] ?? '');
  }
  return keys;
}

describe('error texts', () => {
  it('has a text for every declared error code in all eleven catalogues', () => {
    const keys = declaredKeys();
    expect(keys.length).toBeGreaterThan(50);
    for (const locale of LOCALES) {
      const tree = catalogue(locale);
      const missing = keys.filter((key) => {
        // A plural text has its forms (`_one`, `_other`) in place of the key itself.
        const text = textAt(tree, key) ?? textAt(tree, `${key}_other`);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing, locale).toEqual([]);
    }
  });

  it('shows the members app its own checks in texts the members island is given', () => {
    const given = new Set<string>(MEMBERS_NAMESPACES);
    const keys = [
      ...MEMBERS_FEATURES.flatMap((folder) => checkErrorKeys(join('src/features', folder))),
      ...checkErrorKeys('src/stores'),
    ];
    expect(keys).toContain('direct_debit.form.iban_invalid');
    expect(keys.filter((key) => !given.has(key.split('.')[0] ?? ''))).toEqual([]);
    for (const locale of LOCALES) {
      const tree = catalogue(locale);
      expect(
        keys.filter((key) => typeof textAt(tree, key) !== 'string'),
        locale,
      ).toEqual([]);
    }
  });
});
