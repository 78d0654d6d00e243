/**
 * The main links of the members nav: staff also get the way to their console (moderators the
 * moderation console, operators the chat-pal inbox), which members never see.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import MembersNav from '#src/features/members-shell/MembersNav.tsx';
import { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import { MODERATOR_ROLES, OPERATOR_ROLES } from '#src/lib/constants.ts';
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
  it.each(MODERATOR_ROLES)('leads %s accounts to the moderation console, in the bar and in the tabs', (role) => {
    show(role as CurrentUser['role'], 'de');
    const links = screen.getAllByRole('link', { name: catalogues.de.nav.moderation });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/moderation');
  });

  it.each(['member', 'operator'] as const)('shows %s accounts no moderation link', (role) => {
    show(role);
    expect(screen.queryByRole('link', { name: catalogues.en.nav.moderation })).toBeNull();
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
