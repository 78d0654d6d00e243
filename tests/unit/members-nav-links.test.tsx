/**
 * The main links of the members nav: operators also get the way to the chat-pal inbox, which
 * members never see; moderators get no console link (the moderation console is the back
 * office's, on the staff origin: /moderation on a member site answers 302 there).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import MembersNav from '#src/features/members-shell/MembersNav.tsx';
import { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { OPERATOR_ROLES } from '#src/lib/constants.ts';
import { member } from '../fixtures/members.ts';

afterEach(cleanup);

function show(role: CurrentUser['role'], locale: 'en' | 'de' = 'en') {
  render(
    <IslandI18n locale={locale} catalogue={pickNamespaces(catalogues[locale], MEMBERS_NAMESPACES)}>
      <MembersNav user={member({ role })} brand="Flirt Test" locale={locale} route="members" />
    </IslandI18n>,
  );
}

describe('the members nav links', () => {
  it.each(['member', 'operator', 'moderator', 'admin'] as const)('shows %s accounts no moderation link', (role) => {
    show(role);
    expect(document.querySelector('a[href^="/moderation"]')).toBeNull();
    expect(screen.getAllByRole('link', { name: catalogues.en.nav.likes })).toHaveLength(2);
  });

  it.each(OPERATOR_ROLES)('leads %s accounts to the chat-pal operator console', (role) => {
    show(role as CurrentUser['role'], 'de');
    const links = screen.getAllByRole('link', { name: catalogues.de.nav.operator });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/operator');
  });

  it.each(['member', 'moderator'] as const)('shows %s accounts no operator link', (role) => {
    show(role);
    expect(screen.queryByRole('link', { name: catalogues.en.nav.operator })).toBeNull();
  });
});
