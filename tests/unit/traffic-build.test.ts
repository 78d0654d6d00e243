/**
 * The built landing script /traffic.js (scripts/lib/traffic-script.ts): one self-contained
 * minified module within its 1.5 KB budget that, run on a landing address, captures the
 * traffic source on its own. Node environment (esbuild refuses to run under the jsdom test
 * environment): the page is a small stand-in with just what the capture touches; the
 * script's behaviour in a DOM is tests/unit/traffic-script.test.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRAFFIC_STORAGE_KEY } from '#src/lib/traffic.ts';
import { writeTrafficScript } from '../../scripts/lib/traffic-script.ts';

/** The budget of the landing script, minified (not gzipped) bytes. */
const BUDGET_BYTES = 1536;

let dir: string;
let bytes: number;
let code: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'traffic-script-'));
  bytes = await writeTrafficScript(dir);
  code = await readFile(join(dir, 'traffic.js'), 'utf8');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('writes traffic.js within its budget, minified, with nothing left to import', () => {
  expect(bytes).toBe(Buffer.byteLength(code));
  expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(code).not.toMatch(/\bimport\b|\brequire\(|\bzod\b/);
  expect(code.trim()).not.toContain('\n');
});

it('captures the source and cleans the address when run on a landing address', () => {
  const storage = new Map<string, string>();
  const page = {
    URL,
    URLSearchParams,
    location: { href: 'https://www.example.test/landers/swipe?aff_sub=built&cpc=1&keep=1#top' },
    localStorage: { setItem: (key: string, value: string) => storage.set(key, value) },
    history: {
      state: { kept: true },
      replaceState(state: unknown, _title: string, url: URL) {
        page.history.state = state as { kept: boolean };
        page.location.href = new URL(url, page.location.href).href;
      },
    },
  };
  // A classic script runs in the stand-in: the module's one export statement is dropped.
  const classic = code.replace(/export\s*\{[^}]*\};?\s*$/, '');
  expect(classic).not.toContain('export');
  runInNewContext(classic, page);
  expect(JSON.parse(storage.get(TRAFFIC_STORAGE_KEY) ?? 'null')).toEqual({ sub1: 'built' });
  expect(page.location.href).toBe('https://www.example.test/landers/swipe?keep=1#top');
  expect(page.history.state).toEqual({ kept: true });
});
