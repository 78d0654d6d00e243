/**
 * Complaints (SPEC §2.7 'Complaints', docs/complaints.md): the form at /complaints that visitors
 * and members send, stored for staff and confirmed by e-mail. A visitor gives a contact e-mail;
 * a member's defaults to the account's. At most COMPLAINTS_PER_HOUR complaints per IP address
 * and per account an hour (429 rate_limited). Staff read and handle them in the back office
 * (src/contract/staff-moderation.ts, docs/staff.md "Reports and moderation").
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

/** A complaint waits for staff (open) or was dealt with (handled). */
export const COMPLAINT_STATUSES = ['open', 'handled'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
