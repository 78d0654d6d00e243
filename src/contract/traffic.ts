/**
 * The bounce beacon (SPEC §4 "Page bounce logging", §7 page-hidden.php). A landing page
 * with `lb` in its address sends it once when it becomes hidden while the visitor has not
 * gone on into the site (src/scripts/traffic.ts). The server counts it per site, day, page
 * path and network, taken from the beacon's Referer (docs/traffic.md).
 */
import { PAGE_HIDDEN_PATH } from '#src/lib/traffic.ts';
import { defineEndpoint, noInput } from './define.ts';
import * as z from 'zod/mini';

/**
 * POST /api/page-hidden.php with an empty JSON body (`{}`, or no body at all): always
 * answers 204 No Content, also when the request is not counted (unknown host, over the
 * per-IP limit), because a beacon's answer is never read. Only a body that is not an
 * empty JSON object, or a non-JSON content type, is refused (400 / 415).
 */
export const postPageHidden = defineEndpoint({
  method: 'POST',
  path: PAGE_HIDDEN_PATH,
  body: noInput,
  response: z.never(),
  roles: 'public',
});
