/** The interests of SPEC §3 with their icons (database) and names (request's language). */
import type { z } from 'zod';
import type { interest } from '#src/contract/site.ts';
import { INTERESTS } from '#src/lib/constants.ts';
import type { Locale } from '#src/lib/locales.ts';
import { translator } from '#src/i18n/index.ts';
import type { Db } from '#src/server/db/client.ts';
import { interests } from '#src/server/db/schema.ts';
import { siteDataOf } from './cache.ts';

export type InterestItem = z.infer<typeof interest>;

/** Every interest in the spec's order; the icon is null where the database has none. */
export async function loadInterests(db: Db, locale: Locale): Promise<InterestItem[]> {
  const read = async () => {
    const rows = await db.select({ key: interests.key, icon: interests.icon }).from(interests);
    return new Map(rows.map((row) => [row.key, row.icon]));
  };
  const cache = siteDataOf(db);
  const icons = await (cache ? cache.value('interest-icons', read) : read());
  const t = translator(locale);
  return INTERESTS.map((key) => ({ key, name: t(`interests.${key}`), icon: icons.get(key) ?? null }));
}
