/**
 * Builds the landing script: src/scripts/traffic.ts bundled with the shared rules of
 * src/lib/traffic.ts into one minified ES module, written as <dir>/traffic.js (the path the
 * inline TRAFFIC_LOADER imports). esbuild bundles it; it is the bundler Vite itself uses.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { TRAFFIC_SCRIPT_PATH } from '#src/lib/traffic.ts';

const ENTRY = resolve(import.meta.dirname, '../../src/scripts/traffic.ts');

/** The minified landing script. */
export async function compileTrafficScript(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Browsers with dynamic import(), which the loader needs anyway.
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('traffic-script: esbuild produced no output');
  return file.text;
}

/** Writes <dir>/traffic.js; answers its size in bytes. */
export async function writeTrafficScript(dir: string): Promise<number> {
  const code = await compileTrafficScript();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, TRAFFIC_SCRIPT_PATH.slice(1)), code);
  return Buffer.byteLength(code);
}
