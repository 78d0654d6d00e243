/**
 * Reports (docs/reports.md): a member reports a profile, a photo or a chat message to the
 * moderators, with a reason and optional free text. Stored for the back office (table
 * `reports`, states open → in_review → actioned | dismissed); the member gets a confirmation.
 * A member cannot report themselves (`report_self`), reports a message only of a
 * conversation they are in (`not_found` otherwise), and sends at most REPORTS_PER_HOUR
 * reports an hour and REPORTS_PER_DAY a day (429 rate_limited).
 */
import * as z from 'zod/mini';
import { declareErrors, defineEndpoint } from './define.ts';

export const REPORT_REASONS = ['fake', 'scam', 'harassment', 'minor', 'explicit_photo', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_TARGETS = ['profile', 'photo', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The moderators' states of a report (the back office moves them). */
export const REPORT_STATUSES = ['open', 'in_review', 'actioned', 'dismissed'] as const;

export const REPORT_DETAILS_MAX = 1000;
/** Reports one member may send per hour, and per day. */
export const REPORTS_PER_HOUR = 10;
export const REPORTS_PER_DAY = 30;

export const REPORT_ERRORS = declareErrors('reports.errors', {
  /** 'You cannot report yourself.' */
  report_self: 400,
});

/**
 * POST /api/report.php: reports what `target` names by its public id (a profile's, a
 * photo's, or a chat message's). Answers the report's `reference`. The same member
 * reporting the same thing again while the first report is open gets the same reference.
 */
export const postReport = defineEndpoint({
  method: 'POST',
  path: '/api/report.php',
  body: z.strictObject({
    target: z.enum(REPORT_TARGETS),
    id: z.string().check(z.minLength(1), z.maxLength(32), z.regex(/^[A-Za-z0-9_-]+$/)),
    reason: z.enum(REPORT_REASONS),
    details: z.optional(z.string().check(z.trim(), z.maxLength(REPORT_DETAILS_MAX))),
  }),
  response: z.object({ reference: z.string() }),
  errors: ['authentication_required', 'unknown_site', 'not_found', ...REPORT_ERRORS.codes],
  roles: ['member'],
});
