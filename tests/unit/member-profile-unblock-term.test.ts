/**
 * One word for one action: unblocking is named the same on the member profile page and in the
 * settings' list of blocked members, in every locale.
 */
import { describe, expect, it } from 'vitest';
import { catalogues } from '#src/i18n/index.ts';
import { LOCALES } from '#src/lib/locales.ts';

describe('the unblock term', () => {
  it.each(LOCALES)('%s: the profile page and the blocked list use the same word', (locale) => {
    const catalogue = catalogues[locale];
    expect(catalogue.settings.blocked.unblock).toBe(catalogue.member_profile.actions.unblock);
  });

  it('says "Blockierung aufheben" in German, not "Freigeben" (the moderators\' word for approving)', () => {
    expect(catalogues.de.settings.blocked.unblock).toBe('Blockierung aufheben');
    expect(catalogues.de.settings.blocked.unblock_name).toBe('Blockierung von {{name}} aufheben');
  });
});
