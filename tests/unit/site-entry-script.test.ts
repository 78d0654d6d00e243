/**
 * The site-entry warning's opening script (SPEC §2.6, src/lib/site-entry.ts), run against a
 * fake dialog and <html> dataset: who gets the warning, and that closing it stores the skip.
 * The NL/DE list of the chat, lander and empty layouts leaves out visitors of unknown
 * country; the site's own list lets them in.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { siteEntryScript } from '#src/lib/site-entry.ts';

interface Visit {
  country?: string;
  member?: boolean;
  app?: boolean;
  skipped?: boolean;
  /** The page's path (the members shell answers several). */
  path?: string;
}

/** Runs the script for one visit; true when it opened the dialog. */
function opens(script: string, visit: Visit): { opened: boolean; storage: Record<string, unknown>; close: () => void } {
  const dataset: Record<string, string> = {};
  if (visit.country) dataset['country'] = visit.country;
  if (visit.member) dataset['member'] = '1';
  if (visit.app) dataset['app'] = '1';
  const storage: Record<string, unknown> = visit.skipped ? { site_entry_skipped: '1700000000000' } : {};
  const dialog = { opened: false, onclose: () => undefined, showModal: () => (dialog.opened = true) };
  runInNewContext(script, {
    document: { getElementById: () => dialog, documentElement: { dataset } },
    localStorage: storage,
    Date: { now: () => 1_800_000_000_000 },
    location: { pathname: visit.path ?? '/' },
  });
  return { opened: dialog.opened, storage, close: () => dialog.onclose() };
}

describe('the site-entry warning script', () => {
  const nlDe = siteEntryScript(['NL', 'DE'], true);

  it('NL/DE only: opens for visitors from NL and DE, not for other or unknown countries', () => {
    expect(opens(nlDe, { country: 'NL' }).opened).toBe(true);
    expect(opens(nlDe, { country: 'DE' }).opened).toBe(true);
    expect(opens(nlDe, { country: 'US' }).opened).toBe(false);
    expect(opens(nlDe, { country: 'BE' }).opened).toBe(false);
    expect(opens(nlDe, {}).opened).toBe(false);
  });

  it("the site's own list: an unknown country is let in; an empty list opens for everyone", () => {
    const site = siteEntryScript(['nl', 'be'], false);
    expect(opens(site, { country: 'BE' }).opened).toBe(true);
    expect(opens(site, { country: 'US' }).opened).toBe(false);
    expect(opens(site, {}).opened).toBe(true);
    const everyone = siteEntryScript([], false);
    expect(opens(everyone, { country: 'US' }).opened).toBe(true);
    expect(opens(everyone, {}).opened).toBe(true);
  });

  it("the members shell: /chats takes the chat layout's NL/DE list, other routes the site's", () => {
    const shell = siteEntryScript([], false, true);
    for (const path of ['/chats', '/chats/', '/chats/c-17']) {
      expect(opens(shell, { country: 'NL', path }).opened).toBe(true);
      expect(opens(shell, { country: 'DE', path }).opened).toBe(true);
      expect(opens(shell, { country: 'FR', path }).opened).toBe(false);
      expect(opens(shell, { path }).opened).toBe(false);
    }
    expect(opens(shell, { country: 'FR', path: '/members' }).opened).toBe(true);
    expect(opens(shell, { path: '/chatsroom' }).opened).toBe(true);
    expect(opens(siteEntryScript(['BE'], false, true), { country: 'NL', path: '/chats/9' }).opened).toBe(true);
  });

  it('never for members, the installed app, or a visitor who skipped it; closing stores the skip', () => {
    const site = siteEntryScript([], false);
    expect(opens(site, { member: true }).opened).toBe(false);
    expect(opens(nlDe, { country: 'NL', app: true }).opened).toBe(false);
    expect(opens(site, { skipped: true }).opened).toBe(false);
    const visit = opens(site, { country: 'NL' });
    visit.close();
    expect(visit.storage['site_entry_skipped']).toBe(1_800_000_000_000);
  });

  it('stays small (the inline-script budget of a static page)', () => {
    expect(nlDe.length).toBeLessThanOrEqual(329);
  });
});
