/**
 * The data export calls (contract src/contract/data-export.ts): the ZIP of everything about
 * the member, streamed, and whether the member may ask for it now.
 */
import type { Hono } from 'hono';
import { getDataExport, getDataExportStatus } from '#src/contract/data-export.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { errorResponse, HttpError } from '#src/server/http/errors.ts';
import { route } from '#src/server/http/route.ts';
import { collectMemberData } from './collect.ts';
import { exportWait, exportZip, finishExport, startExport } from './service.ts';

export function registerDataExportRoutes(app: Hono<AppEnv>): void {
  route(app, getDataExportStatus, async ({ c, session }) => {
    const { database, now } = c.get('deps');
    const { wait, last } = await exportWait(database.db, session.accountId, now());
    return { available: wait === 0, wait_seconds: wait, last_export_at: last?.toISOString() ?? null };
  });

  route(app, getDataExport, async ({ c, session, site, fail }) => {
    if (!site) throw fail('unknown_site');
    const { database, photoStorage, now } = c.get('deps');
    const db = database.db;
    const at = now();
    let exportId: number;
    try {
      ({ exportId } = await startExport(db, session.accountId, at));
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== 'export_too_soon') throw error;
      const { wait } = await exportWait(db, session.accountId, at);
      const answer = errorResponse(c, error);
      answer.headers.set('retry-after', String(wait));
      return answer;
    }
    const data = await collectMemberData(db, session.accountId);
    const stream = exportZip(data, photoStorage, at, (result) => {
      if ('error' in result) {
        console.error(`[data-export] export ${exportId} of account ${session.accountId} failed:`, result.error);
        return;
      }
      console.info(
        `[data-export] account ${session.accountId}: export ${exportId}, ${result.files} files, ${result.bytes} bytes`,
      );
      finishExport(db, exportId, result.files, result.bytes, now()).catch((error: unknown) => {
        console.error(`[data-export] export ${exportId} could not be logged as finished:`, error);
      });
    });
    const day = at.toISOString().slice(0, 10);
    const name = `${site.brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-data-${day}.zip`;
    return new Response(stream, {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  });
}
