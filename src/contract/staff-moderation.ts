/**
 * The back office's "Reports and moderation" section (docs/staff.md "Reports and moderation",
 * docs/reports.md): the photo queue (the moderation feature's decisions, now taken by staff
 * accounts) and the reports queue, where every decision against a member goes out as a
 * statement of reasons in the member's language (EU DSA art. 17: the facts, the ground, the
 * decision, the redress), and the complaints sent with the member sites' form
 * (docs/complaints.md). Roles moderator and admin; every decision is in the audit log.
 */
import * as z from 'zod/mini';
import { GENDERS } from '#src/lib/constants.ts';
import { COMPLAINT_STATUSES, COMPLAINT_TOPICS } from './complaints.ts';
import { PHOTO_REJECT_REASONS, PHOTO_URL_VARIANTS, type PhotoUrlVariant } from './photos.ts';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from './reports.ts';
import { auditEntry } from './staff.ts';
import { declareErrors, defineEndpoint, type StaffRole } from './define.ts';

/** Who works in this section. */
export const MODERATION_ROLES = ['moderator', 'admin'] as const satisfies readonly StaffRole[];

export const STAFF_MODERATION_ERRORS = declareErrors('staff.errors', {
  /** The report was decided already (by someone else, a moment ago). */
  report_decided: 409,
  /** The decision does not fit what was reported (content removal is for photos). */
  report_decision_invalid: 400,
  /** The complaint has that status already (someone else marked it a moment ago). */
  complaint_unchanged: 409,
});

/** Photos one bulk decision may take. */
export const BULK_MAX = 50;
export const REPORTS_PAGE_SIZE = 25;
export const OFFENDERS_PAGE_SIZE = 25;

/** Photos the queue shows at once (the moderation feature's loadQueue). */
export const MODERATION_PAGE_SIZE = 24;

/** A photo being inspected, as the photo queue shows it. */
export const queuedPhoto = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  uploaded_at: z.string(),
  /** It is (or would become) the profile image. */
  is_main: z.boolean(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    age: z.number().check(z.int()),
    gender: z.enum(GENDERS),
    site: z.string(),
    type: z.enum(['member', 'fictional']),
    /** The profile's photos already approved, for comparison ('not you'). */
    active_photos: z.array(z.object({ id: z.string(), thumb_url: z.string() })),
  }),
});
export type QueuedPhoto = z.infer<typeof queuedPhoto>;

/** The queue's order by upload time (also the complaints list's); the oldest first unless asked otherwise. */
export const MODERATION_ORDERS = ['oldest', 'newest'] as const;
export type ModerationOrder = (typeof MODERATION_ORDERS)[number];

const publicId = z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/));
const reason = z.string().check(z.trim(), z.minLength(3), z.maxLength(500));

/**
 * GET /api/staff/moderation/photos?site=&order=&member=: the photos being inspected, as the
 * moderation feature's queue answers them (oldest first unless `order=newest`).
 */
export const getStaffModerationPhotos = defineEndpoint({
  method: 'GET',
  path: '/api/staff/moderation/photos',
  query: z.looseObject({
    site: z.optional(z.string().check(z.maxLength(40))),
    order: z.optional(z.enum(MODERATION_ORDERS)),
    member: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  }),
  response: z.object({
    photos: z.array(queuedPhoto).check(z.maxLength(MODERATION_PAGE_SIZE)),
    total: z.number().check(z.int()),
  }),
  roles: MODERATION_ROLES,
});

/**
 * POST /api/staff/moderation/photos/decide: approves or rejects one photo or several at once
 * (bulk). Each photo is decided on its own; `decided` lists those this call decided,
 * `missed` those already decided by someone else (or deleted meanwhile).
 */
export const postStaffModerationPhotos = defineEndpoint({
  method: 'POST',
  path: '/api/staff/moderation/photos/decide',
  body: z.discriminatedUnion('decision', [
    z.strictObject({
      photos: z.array(publicId).check(z.minLength(1), z.maxLength(BULK_MAX)),
      decision: z.literal('approve'),
    }),
    z.strictObject({
      photos: z.array(publicId).check(z.minLength(1), z.maxLength(BULK_MAX)),
      decision: z.literal('reject'),
      reason: z.enum(PHOTO_REJECT_REASONS),
    }),
  ]),
  response: z.object({
    decided: z.array(z.string()),
    missed: z.array(z.string()),
    remaining: z.number().check(z.int()),
  }),
  roles: MODERATION_ROLES,
});

/**
 * GET /api/staff/photo?id=<photo id>&v=<variant>: the image file (image/jpeg) of any photo of
 * any site, being inspected, active or rejected (the member sites' photo.php answers only
 * there, and the staff origin answers only /api/staff/). `Cache-Control: private, no-store`;
 * 404 for an unknown photo. Every photo URL of the back office is one of these (staffPhotoUrl).
 */
export const getStaffPhoto = defineEndpoint({
  method: 'GET',
  path: '/api/staff/photo',
  query: z.looseObject({ id: publicId, v: z._default(z.enum(PHOTO_URL_VARIANTS), 'full') }),
  /** The JPEG's bytes. */
  response: z.string(),
  errors: ['not_found'],
  roles: MODERATION_ROLES,
});

/** The back office's URL of one variant of a photo. */
export function staffPhotoUrl(photoId: string, variant: PhotoUrlVariant): string {
  return `${getStaffPhoto.path}?id=${encodeURIComponent(photoId)}&v=${variant}`;
}

// ---------------------------------------------------------------- reports

/** What a moderator may decide about a report. `remove_content` is for photos only. */
export const REPORT_DECISIONS = ['no_violation', 'remove_content', 'warn', 'ban'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** The rule of the terms a decision rests on (the statement of reasons names it). */
export const REPORT_GROUNDS = [
  'fake_profile',
  'scam',
  'harassment',
  'minor',
  'explicit_content',
  'other_terms',
] as const;
export type ReportGround = (typeof REPORT_GROUNDS)[number];

/** The list's two views: reports waiting for a decision, and decided ones. */
export const REPORT_VIEWS = ['open', 'closed'] as const;

export const staffReport = z.object({
  id: z.string(),
  site: z.string(),
  status: z.enum(REPORT_STATUSES),
  target: z.enum(REPORT_TARGETS),
  reason: z.enum(REPORT_REASONS),
  details: z.nullable(z.string()),
  created_at: z.string(),
  handled_at: z.nullable(z.string()),
  /** The reported member's profile. */
  profile: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['member', 'fictional']),
    account_id: z.nullable(z.number().check(z.int())),
    account_status: z.nullable(z.string()),
    about: z.nullable(z.string()),
    photo_url: z.nullable(z.string()),
  }),
  /** The reported photo (a photo report). */
  photo: z.nullable(z.object({ id: z.string(), url: z.string(), status: z.string() })),
  /** The reported message (a message report): its text, or its kind for a gift or GIF. */
  message: z.nullable(
    z.object({ id: z.string(), kind: z.string(), text: z.nullable(z.string()), sent_at: z.string() }),
  ),
  /** Upheld reports about the same profile so far (a repeat offender has several). */
  upheld_before: z.number().check(z.int()),
});
export type StaffReport = z.infer<typeof staffReport>;

/**
 * GET /api/staff/moderation/reports?view=open|closed&site=&after=: open reports (open and in
 * review) oldest first, or decided ones newest first; REPORTS_PAGE_SIZE a page, keyset-paged
 * on the report's internal order (`after`: the previous page's `next`).
 */
export const getStaffReports = defineEndpoint({
  method: 'GET',
  path: '/api/staff/moderation/reports',
  query: z.looseObject({
    view: z.optional(z.enum(REPORT_VIEWS)),
    site: z.optional(z.string().check(z.maxLength(40))),
    after: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  }),
  response: z.object({
    reports: z.array(staffReport),
    next: z.nullable(z.number().check(z.int())),
    total_open: z.number().check(z.int()),
  }),
  roles: MODERATION_ROLES,
});

/** GET /api/staff/moderation/report?id=R-…: one report with its decision log (the audit entries about it). */
export const getStaffReport = defineEndpoint({
  method: 'GET',
  path: '/api/staff/moderation/report',
  query: z.looseObject({ id: publicId }),
  response: z.object({ report: staffReport, log: z.array(auditEntry) }),
  errors: ['not_found'],
  roles: MODERATION_ROLES,
});

/**
 * POST /api/staff/moderation/report/decide: decides an open report. `no_violation` closes it
 * (dismissed); the others close it as actioned, act (`remove_content`: the photo is taken
 * down; `ban`: the account is banned and logged out) and mail the reported member the
 * statement of reasons in their language. `reason` is the moderator's note for the log.
 * A report already decided answers 409 report_decided; `remove_content` of a non-photo 400
 * report_decision_invalid.
 */
export const postStaffReportDecision = defineEndpoint({
  method: 'POST',
  path: '/api/staff/moderation/report/decide',
  body: z.strictObject({
    id: publicId,
    decision: z.enum(REPORT_DECISIONS),
    ground: z.enum(REPORT_GROUNDS),
    reason,
  }),
  response: z.object({ report: staffReport, statement_sent: z.boolean() }),
  errors: ['not_found', ...STAFF_MODERATION_ERRORS.codes],
  roles: MODERATION_ROLES,
});

export const offender = z.object({
  profile_id: z.string(),
  name: z.string(),
  site: z.string(),
  account_id: z.nullable(z.number().check(z.int())),
  account_status: z.nullable(z.string()),
  upheld: z.number().check(z.int()),
  last_at: z.string(),
});
export type Offender = z.infer<typeof offender>;

/** GET /api/staff/moderation/offenders?site=: the members with the most upheld (actioned) reports. */
export const getStaffOffenders = defineEndpoint({
  method: 'GET',
  path: '/api/staff/moderation/offenders',
  query: z.looseObject({ site: z.optional(z.string().check(z.maxLength(40))) }),
  response: z.object({ offenders: z.array(offender).check(z.maxLength(OFFENDERS_PAGE_SIZE)) }),
  roles: MODERATION_ROLES,
});

// ---------------------------------------------------------------- complaints

export const COMPLAINTS_PAGE_SIZE = 25;

/** A complaint as staff see it (the contact e-mail is where they answer). */
export const staffComplaint = z.object({
  reference: z.string(),
  site: z.string(),
  topic: z.enum(COMPLAINT_TOPICS),
  order: z.nullable(z.string()),
  member: z.nullable(z.string()),
  description: z.string(),
  email: z.string(),
  /** The sender was logged in (false for visitors and for since deleted accounts). */
  from_member: z.boolean(),
  language: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  created_at: z.string(),
  handled_at: z.nullable(z.string()),
});
export type StaffComplaint = z.infer<typeof staffComplaint>;

/**
 * GET /api/staff/moderation/complaints?status=open|handled&order=&site=&topic=&after=: the
 * complaints of one status, open ones oldest first and handled ones newest first unless
 * `order` says otherwise; COMPLAINTS_PAGE_SIZE a page, keyset-paged on the complaint's
 * internal order (`after`: the previous page's `next`). `total` counts every complaint of the
 * status and filters; `total_open` the open ones of the filters.
 */
export const getStaffComplaints = defineEndpoint({
  method: 'GET',
  path: '/api/staff/moderation/complaints',
  query: z.looseObject({
    status: z.optional(z.enum(COMPLAINT_STATUSES)),
    order: z.optional(z.enum(MODERATION_ORDERS)),
    site: z.optional(z.string().check(z.maxLength(40))),
    topic: z.optional(z.enum(COMPLAINT_TOPICS)),
    after: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  }),
  response: z.object({
    complaints: z.array(staffComplaint).check(z.maxLength(COMPLAINTS_PAGE_SIZE)),
    next: z.nullable(z.number().check(z.int())),
    total: z.number().check(z.int(), z.nonnegative()),
  }),
  roles: MODERATION_ROLES,
});

/** GET /api/staff/moderation/complaint?id=C-…: one complaint with its log (the audit entries about it). */
export const getStaffComplaint = defineEndpoint({
  method: 'GET',
  path: '/api/staff/moderation/complaint',
  query: z.looseObject({ id: publicId }),
  response: z.object({ complaint: staffComplaint, log: z.array(auditEntry) }),
  errors: ['not_found'],
  roles: MODERATION_ROLES,
});

/**
 * POST /api/staff/moderation/complaint/status: marks a complaint handled (what was done or
 * answered, for the log) or open again (why). The change and its audit entry
 * (`complaint.handle`, `complaint.reopen`) are one transaction. A complaint with that status
 * already answers 409 complaint_unchanged; an unknown reference 404.
 */
export const postStaffComplaintStatus = defineEndpoint({
  method: 'POST',
  path: '/api/staff/moderation/complaint/status',
  body: z.strictObject({ id: publicId, status: z.enum(COMPLAINT_STATUSES), reason }),
  response: z.object({ complaint: staffComplaint }),
  errors: ['not_found', ...STAFF_MODERATION_ERRORS.codes],
  roles: MODERATION_ROLES,
});
