// ESLint reads .ts and .tsx; the .astro files' imports are checked here with the same rule
// (lint/import-rules.js): an import across top-level src/ folders uses the #src/ alias.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crossFolderImportProblem } from '../../lint/import-rules.js';

const SRC = path.resolve(import.meta.dirname, '../../src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.\.?\/[^'"]+)['"]/g;

function astroFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return astroFiles(file);
    return entry.name.endsWith('.astro') ? [file] : [];
  });
}

describe('import style', () => {
  it('flags a relative import that leaves its top-level folder, with the alias to use', () => {
    const file = path.join(SRC, 'islands', 'AuthLogin.tsx');
    expect(crossFolderImportProblem(file, '../stores/session.ts')).toContain("'#src/stores/session.ts'");
    expect(crossFolderImportProblem(file, './AuthShared.tsx')).toBeUndefined();
    expect(crossFolderImportProblem(file, '#src/stores/session.ts')).toBeUndefined();
  });

  it('no .astro file imports across src/ folders with a relative path', () => {
    const problems = astroFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap(([, specifier]) => {
        const problem = crossFolderImportProblem(file, specifier ?? '');
        return problem ? [`${path.relative(SRC, file)}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });
});
