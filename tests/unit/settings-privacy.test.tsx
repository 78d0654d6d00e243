import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import SettingsScreen from '#src/features/settings/SettingsScreen.tsx';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { member } from '../fixtures/members.ts';
import { ownProfile } from './profile-fixtures.ts';

const en = catalogues.en;
type Answer = { status: number; body: unknown };
type Route = (method: string, path: string, body: unknown) => Answer | undefined;

function serve(route: Route) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path: url.pathname, body });
      const answer = route(method, url.pathname, body) ?? {
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}

/** A server keeping the privacy settings; `refuse` makes privacy.php fail. */
function privacyServer(initial = { invisible: false, privacy_mode: false }, blocks: unknown[] = []) {
  const saved = { ...initial };
  const server = { refuse: false, blocks };
  const requests = serve((method, path, body) => {
    if (method === 'GET' && path === '/api/profile.php') return { status: 200, body: { profile: ownProfile(saved) } };
    if (method === 'PUT' && path === '/api/privacy.php') {
      if (server.refuse) return { status: 403, body: { error: { code: 'forbidden', message: 'Not now, sorry.' } } };
      Object.assign(saved, body);
      return { status: 200, body: saved };
    }
    if (method === 'GET' && path === '/api/blocks.php') return { status: 200, body: { profiles: server.blocks } };
    if (method === 'DELETE' && path === '/api/block.php') {
      const id = (body as { profile: string }).profile;
      server.blocks = server.blocks.filter((profile) => (profile as { id: string }).id !== id);
      return { status: 200, body: { ok: true } };
    }
    return undefined;
  });
  return { requests, server };
}

function renderSettings() {
  render(
    <I18nextProvider i18n={createI18n('en', en)}>
      <SettingsScreen user={member()} locale="en" />
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('settings: privacy', () => {
  it('shows the saved modes and explains each', async () => {
    privacyServer({ invisible: true, privacy_mode: false });
    renderSettings();
    const invisible = await screen.findByRole('switch', { name: en.settings.privacy.invisible });
    expect((invisible as HTMLInputElement).checked).toBe(true);
    expect(invisible.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(invisible.getAttribute('aria-describedby')!)?.textContent).toBe(
      en.settings.privacy.invisible_text,
    );
    const privacy = screen.getByRole('switch', { name: en.settings.privacy.privacy_mode });
    expect((privacy as HTMLInputElement).checked).toBe(false);
  });

  it('switches invisible mode and privacy mode each with its own putPrivacy call', async () => {
    const { requests } = privacyServer();
    renderSettings();
    const invisible = await screen.findByRole('switch', { name: en.settings.privacy.invisible });
    fireEvent.click(invisible);
    await vi.waitFor(() => expect((invisible as HTMLInputElement).disabled).toBe(false));
    const privacy = screen.getByRole('switch', { name: en.settings.privacy.privacy_mode });
    fireEvent.click(privacy);
    await vi.waitFor(() => expect((privacy as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(invisible);
    await vi.waitFor(() => expect((invisible as HTMLInputElement).disabled).toBe(false));

    const puts = requests.filter((request) => request.path === '/api/privacy.php');
    expect(puts).toEqual([
      { method: 'PUT', path: '/api/privacy.php', body: { invisible: true } },
      { method: 'PUT', path: '/api/privacy.php', body: { privacy_mode: true } },
      { method: 'PUT', path: '/api/privacy.php', body: { invisible: false } },
    ]);
    expect((invisible as HTMLInputElement).checked).toBe(false);
    expect((privacy as HTMLInputElement).checked).toBe(true);
  });

  it("puts the switch back and shows the server's text when saving fails", async () => {
    const { server } = privacyServer();
    server.refuse = true;
    renderSettings();
    const privacy = await screen.findByRole('switch', { name: en.settings.privacy.privacy_mode });
    fireEvent.click(privacy);
    expect((await screen.findByRole('alert')).textContent).toBe('Not now, sorry.');
    expect((privacy as HTMLInputElement).checked).toBe(false);
  });

  it("leads the deletion flow's privacy-mode alternative to the privacy section", async () => {
    privacyServer();
    const scrolled: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    onTestFinished(() => {
      if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
      else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    renderSettings();
    fireEvent.click(screen.getByRole('button', { name: en.settings.delete.start }));
    const link = await screen.findByRole('link', { name: en.settings.delete.alt_privacy_action });
    expect(link.getAttribute('href')).toBe('#privacy');
    fireEvent.click(link);
    expect(scrolled).toEqual(['privacy']);
    expect(screen.getByRole('region', { name: en.settings.privacy.title }).id).toBe('privacy');
  });
});

describe('settings: blocked members', () => {
  const blocked = [
    { id: 'x1', name: 'Tom', thumb_url: '/api/photo.php?id=t&v=thumb', blocked_at: '2026-03-02T10:00:00.000Z' },
    { id: 'x2', name: 'Ruud', thumb_url: null, blocked_at: '2026-02-01T10:00:00.000Z' },
  ];

  it('lists the blocked members and unblocks one', async () => {
    const { requests } = privacyServer(undefined, blocked);
    renderSettings();
    const section = screen.getByRole('region', { name: en.settings.blocked.title });
    expect(await within(section).findByRole('link', { name: 'Tom' })).toBeTruthy();
    expect(within(section).getByText('Blocked on Mar 2, 2026')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Unblock Tom' }));
    await vi.waitFor(() => expect(within(section).queryByRole('link', { name: 'Tom' })).toBeNull());
    expect(within(section).getByRole('link', { name: 'Ruud' })).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api/block.php')).toEqual([
      { method: 'DELETE', path: '/api/block.php', body: { profile: 'x1' } },
    ]);
  });

  it('says when nobody is blocked', async () => {
    privacyServer();
    renderSettings();
    expect(await screen.findByText(en.settings.blocked.empty)).toBeTruthy();
  });
});
