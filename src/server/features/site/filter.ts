/** The `?site=` filter of the staff consoles (moderation queue, operator inbox). */
import { fail } from '#src/server/http/errors.ts';

/** No filter (all sites) for an empty or missing value; else a site of the network, or 400 invalid_input 'site'. */
export function siteFilter(sites: readonly { id: string }[], asked: string | undefined): string | undefined {
  if (!asked) return undefined;
  if (!sites.some((site) => site.id === asked)) throw fail('invalid_input', { field: 'site' });
  return asked;
}
