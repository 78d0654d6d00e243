/**
 * The member's own data (GDPR art. 15 and 20, docs/security.md 'Data export'): from settings
 * a member downloads everything we hold about them as one ZIP of JSON files and photo files,
 * at most once every DATA_EXPORT_INTERVAL_S seconds. The ZIP is streamed; a second export
 * within the interval answers 429 `export_too_soon` with the time left (in the member's
 * language, and as `Retry-After`).
 */
import * as z from 'zod/mini';
import { declareErrors, defineEndpoint } from './define.ts';

/** One export per member per this many seconds (24 hours). */
export const DATA_EXPORT_INTERVAL_S = 86_400;

export const DATA_EXPORT_ERRORS = declareErrors('settings.export', {
  /** 'You can download your data again in {{hours}} h {{minutes}} min.' */
  export_too_soon: 429,
});

/**
 * GET /api/data-export.php: the ZIP (`application/zip`, an attachment named
 * `<brand>-data-<date>.zip`). Its files: `README.txt`, `account.json`, `profile.json`,
 * `photos.json` with `photos/<id>.jpg`, `likes.json`, `blocks.json`, `conversations.json`,
 * `orders.json`, `ledger.json`, `notifications.json`, `consents.json`, `logins.json` and
 * `other.json` (complaints, reports, deletions, earlier exports, discount codes).
 */
export const getDataExport = defineEndpoint({
  method: 'GET',
  path: '/api/data-export.php',
  /** Not JSON: the ZIP's bytes. */
  response: z.never(),
  errors: ['authentication_required', 'unknown_site', ...DATA_EXPORT_ERRORS.codes],
  roles: ['member'],
});

/**
 * GET /api/data-export-status.php: whether the member may download now, else in how many
 * seconds (the settings screen's button and its text).
 */
export const getDataExportStatus = defineEndpoint({
  method: 'GET',
  path: '/api/data-export-status.php',
  response: z.object({
    available: z.boolean(),
    /** Seconds until the next export is allowed; 0 when available. */
    wait_seconds: z.number().check(z.int(), z.nonnegative()),
    /** When the last export was made (ISO), or null. */
    last_export_at: z.nullable(z.string()),
  }),
  errors: ['authentication_required'],
  roles: ['member'],
});
