/** The current user (SPEC §3 "Current user") and the user.php calls. */
import * as z from 'zod/mini';
import { LOCALES } from '#src/lib/locales.ts';
import { defineEndpoint } from './define.ts';

export const mainImage = z.nullable(
  z.object({
    filename: z.string(),
    thumb_filename: z.string(),
    status: z.enum(['active', 'being_inspected', 'rejected']),
  }),
);

export const currentUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  credits: z.number().check(z.int(), z.nonnegative()),
  paid_user: z.boolean(),
  status: z.enum(['not_confirmed', 'confirmed', 'banned']),
  role: z.enum(['member', 'moderator', 'operator', 'admin']),
  signup_date: z.string(),
  notifications_disabled: z.array(z.enum(['fbl', 'bounce', 'listunsubscribe'])),
  fictional_icon: z.string(),
  language: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    country: z.string(),
    status: z.enum(['active', 'disabled']),
    main_image: mainImage,
  }),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/user.php',
  response: z.object({ user: currentUser }),
  errors: ['authentication_required'],
  roles: ['member'],
});

/** Saves the member's interface language (sent when the locale changes, SPEC §7). */
export const putUserLanguage = defineEndpoint({
  method: 'PUT',
  path: '/api/user.php',
  body: z.object({ language: z.enum(LOCALES) }),
  response: z.object({ user: currentUser }),
  errors: ['authentication_required'],
  roles: ['member'],
});
