/**
 * Complaints (SPEC §2.7 'Complaints', docs/complaints.md): the form at /complaints that visitors
 * and members send, stored for staff and confirmed by e-mail, and the staff list in the
 * moderation console. A visitor gives a contact e-mail; a member's defaults to the account's.
 * At most COMPLAINTS_PER_HOUR complaints per IP address and per account an hour (429
 * rate_limited). The list and its 'handled' flag are for moderators and admins only
 * (their `roles`; 403 forbidden for other accounts).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define.ts';

export const COMPLAINT_TOPICS = [
  'billing',
  'refund',
  'member_behaviour',
  'fictional_profiles',
  'privacy',
  'technical',
  'other',
] as const;
export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];

export const COMPLAINT_DESCRIPTION_MIN = 20;
export const COMPLAINT_DESCRIPTION_MAX = 4000;
/** Complaints one IP address, and one account, may send per hour. */
export const COMPLAINTS_PER_HOUR = 5;
/** The working days within which staff answer (shown after sending and in the mail). */
export const COMPLAINT_ANSWER_DAYS = 3;
/** The most complaints the staff list shows at once. */
export const COMPLAINTS_PAGE_SIZE = 50;

/** A reference such as an order number or a profile id: letters, digits, '-' and '_'. */
const reference = z.optional(z.string().check(z.trim(), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]*$/)));

/**
 * POST /api/complaint.php: sends a complaint. `order`: the payment id ('Order #…') it is
 * about; `member`: the public id of the profile it is about. `email` is required for
 * visitors (invalid_input on `email` without one); members may leave it out for the
 * account's. Answers the complaint's `reference`; a confirmation mail with it goes to the
 * contact address in the sender's language.
 */
export const postComplaint = defineEndpoint({
  method: 'POST',
  path: '/api/complaint.php',
  body: z.strictObject({
    topic: z.enum(COMPLAINT_TOPICS),
    order: reference,
    member: reference,
    description: z
      .string()
      .check(z.trim(), z.minLength(COMPLAINT_DESCRIPTION_MIN), z.maxLength(COMPLAINT_DESCRIPTION_MAX)),
    email: z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email())),
  }),
  response: z.object({ reference: z.string() }),
  errors: ['unknown_site'],
  roles: 'public',
});

export const COMPLAINT_STATUSES = ['open', 'handled'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** A complaint as staff see it (the contact e-mail is what they answer to). */
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
 * GET /api/complaints.php?status=open|handled: the complaints of all sites, the oldest open
 * ones first (handled: the most recently handled first), at most COMPLAINTS_PAGE_SIZE;
 * `total` counts all of that status.
 */
export const getComplaints = defineEndpoint({
  method: 'GET',
  path: '/api/complaints.php',
  query: z.looseObject({ status: z.optional(z.enum(COMPLAINT_STATUSES)) }),
  response: z.object({
    complaints: z.array(staffComplaint).check(z.maxLength(COMPLAINTS_PAGE_SIZE)),
    total: z.number().check(z.int(), z.nonnegative()),
  }),
  errors: ['authentication_required', 'forbidden'],
  roles: ['moderator', 'admin'],
});

/** PUT /api/complaints.php: marks a complaint handled (or open again); not_found for an unknown reference. */
export const putComplaint = defineEndpoint({
  method: 'PUT',
  path: '/api/complaints.php',
  body: z.strictObject({ reference: z.string().check(z.maxLength(20)), status: z.enum(COMPLAINT_STATUSES) }),
  response: staffComplaint,
  errors: ['authentication_required', 'forbidden', 'not_found'],
  roles: ['moderator', 'admin'],
});
