/**
 * Lighthouse (mobile profile, simulated throttling, offline against Debian Chromium) over
 * one page of each static page type, served by the real app (static sites + API) on a local
 * port. Answers one row per page: performance and accessibility scores, LCP, CLS, total
 * bytes. Used by `npm run bench`; never by tests.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthousePage {
  /** Page type, as the bench table names it. */
  type: string;
  /** Site id (host `<id>.localhost`) and path. */
  site: string;
  path: string;
}

export interface LighthouseRow extends LighthousePage {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  totalKb: number;
}

const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

export async function runLighthouse(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  pages: LighthousePage[],
): Promise<LighthouseRow[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`bench: Chromium not found at ${CHROMIUM} (apt install chromium)`);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const url = `http://${page.site}.localhost:${port}${page.path}`;
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`bench: Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`bench: Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        ...page,
        performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
        lcpMs: numeric('largest-contentful-paint'),
        cls: numeric('cumulative-layout-shift'),
        totalKb: numeric('total-byte-weight') / 1024,
      });
    }
  } finally {
    chrome.kill();
    server.close();
  }
  return rows;
}
