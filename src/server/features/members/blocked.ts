/** The `blocked` failure: a viewer the profile blocked, and the answer member.php and the chat calls give. */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { blockedAnswer } from '#src/contract/members.ts';
import { translator } from '#src/i18n/index.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { HttpError, fail } from '#src/server/http/errors.ts';

/** 403 `blocked` for a viewer the profile blocked: "You're blocked by {name}. …" */
export const blockedBy = (name: string) => fail('blocked', { params: { name } });

/**
 * The answer of a `blocked` failure (blockedBy), as member.php and the chat calls give it:
 * the error plus who blocked; null for any other error.
 */
export function blockedResponse(c: Context<AppEnv>, error: unknown): Response | null {
  if (!(error instanceof HttpError) || error.code !== 'blocked') return null;
  const body: z.infer<typeof blockedAnswer> = {
    error: { code: 'blocked', message: translator(c.get('locale'))(error.messageKey, error.params) },
    blocked_by: String(error.params['name']),
  };
  return c.json(body, 403);
}
