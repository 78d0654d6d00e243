import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES } from '#src/lib/routes.ts';
import { MEMBERS_ROUTES, pathOf, routeNameOf } from '#src/stores/router.ts';

/** A concrete path for a SHELL_ROUTES pattern: each ':param' becomes a sample value. */
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => `${name}-42`);

describe('members router', () => {
  it.each(SHELL_ROUTES.map((pattern) => [pattern, sample(pattern)]))('%s has a route name (%s)', (_pattern, path) => {
    expect(routeNameOf(path)).not.toBeNull();
  });

  it.each([
    ['/members', 'members'],
    ['/members/abc', 'members-id'],
    ['/members/abc/chat', 'members-id-chat'],
    ['/chats', 'chats'],
    ['/chats/7', 'chats-id'],
    ['/likes', 'likes'],
    ['/likes/received', 'likes-type'],
    ['/likes/m/9', 'likes-m-id'],
    ['/match-finder', 'match-finder'],
    ['/swipe-game', 'swipe-game'],
    ['/notifications', 'notifications'],
    ['/settings', 'settings'],
    ['/profile', 'profile'],
    ['/credits', 'credits'],
    ['/credits/repeat-order', 'credits-repeat-order'],
    ['/credits/3', 'credits-id-paymentmethod'],
    ['/credits/3/ideal', 'credits-id-paymentmethod'],
    ['/directdebit', 'directdebit'],
    ['/premium', 'premium'],
    ['/transactions', 'transactions-id'],
    ['/transactions/pay_1', 'transactions-id'],
    ['/complaints', 'complaints'],
    ['/lang-config', 'lang-config'],
    ['/notifications/', 'notifications'],
    ['/notifications?x=1#privacy', 'notifications'],
  ])('%s is the route %s of SPEC §2.1', (path, name) => expect(routeNameOf(path)).toBe(name));

  it.each(['/', '/login', '/pages/terms', '/account-deleted', '/members/1/landing', '/chats/1/2', '/mail-change/do'])(
    '%s is not a members route (a link to it loads the page)',
    (path) => expect(routeNameOf(path)).toBeNull(),
  );

  it('builds paths from route names', () => {
    expect(pathOf('chats-id', { id: 7 })).toBe('/chats/7');
    expect(pathOf('credits-id-paymentmethod', { id: 3 })).toBe('/credits/3');
    expect(pathOf('credits-id-paymentmethod', { id: 3, paymentmethod: 'ideal' })).toBe('/credits/3/ideal');
    expect(pathOf('notifications')).toBe('/notifications');
  });

  it('names only routes the members shell answers', () => {
    const shell = new Set<string>(SHELL_ROUTES.map((pattern) => pattern.replace(/\/:\w+/g, '/x')));
    for (const pattern of Object.values(MEMBERS_ROUTES)) {
      const path = pattern.replace(/\/:\w+\?$/, '').replace(/\/:\w+/g, '/x');
      expect(shell.has(path), pattern).toBe(true);
    }
  });
});
