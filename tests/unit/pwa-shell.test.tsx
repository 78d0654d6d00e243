/**
 * The members shell's frame around the screens (docs/pwa.md): the error page and its own
 * failure, the installed app's Back button, the offline state and update prompt, and the
 * nav's language menu with the member's country's locales.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';
import { MembersErrorBoundary } from '#src/features/members-shell/ErrorBoundary.tsx';
import BackButton from '#src/features/members-shell/BackButton.tsx';
import AppStatus from '#src/features/members-shell/AppStatus.tsx';
import OfflineState from '#src/features/members-shell/OfflineState.tsx';
import MembersNav from '#src/features/members-shell/MembersNav.tsx';
import { $appUpdate, $online } from '#src/pwa/app-worker-client.ts';
import type { MembersRoute } from '#src/stores/router.ts';
import { member } from '../fixtures/members.ts';

const en = catalogues.en;

function inIsland(children: React.ReactNode, locale: 'en' | 'de' = 'en') {
  return render(
    <IslandI18n locale={locale} catalogue={pickNamespaces(catalogues[locale], MEMBERS_NAMESPACES)}>
      {children}
    </IslandI18n>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $appUpdate.set(null);
  $online.set(true);
});

function Throws({ error }: { error: unknown }): React.ReactNode {
  throw error;
}

describe('the error page', () => {
  // React logs caught render errors to the console; the boundary is what is under test.
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('shows the message and status 500 by default, reports it and offers a reload', () => {
    quiet();
    const reported: unknown[] = [];
    const onReload = vi.fn();
    const error = new Error('');
    inIsland(
      <MembersErrorBoundary failedText="failed" onError={(e) => reported.push(e)} onReload={onReload}>
        <Throws error={error} />
      </MembersErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error 500');
    expect(screen.getByRole('heading', { name: en.errors.generic })).toBeTruthy();
    expect(screen.getByText(en.errors.error)).toBeTruthy();
    expect(reported).toEqual([error]);
    fireEvent.click(screen.getByRole('button', { name: en.members.reload }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it("shows an error's own status and message, and the screen again on another route", () => {
    quiet();
    const error = Object.assign(new Error('Not found here'), { status: 404 });
    const view = inIsland(
      <MembersErrorBoundary resetKey="/members/1" failedText="failed" onError={() => undefined}>
        <Throws error={error} />
      </MembersErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error 404');
    expect(screen.getByText('Not found here')).toBeTruthy();
    view.rerender(
      <IslandI18n locale="en" catalogue={pickNamespaces(en, MEMBERS_NAMESPACES)}>
        <MembersErrorBoundary resetKey="/members" failedText="failed" onError={() => undefined}>
          <p>Search works</p>
        </MembersErrorBoundary>
      </IslandI18n>,
    );
    expect(screen.getByText('Search works')).toBeTruthy();
  });

  it('says so when the error page itself fails', () => {
    quiet();
    // An error whose message cannot even be read breaks the error page too.
    const unreadable = {
      get message(): string {
        throw new Error('unreadable');
      },
    };
    const reported: unknown[] = [];
    inIsland(
      <MembersErrorBoundary failedText={en.errors.error_page_failed} onError={(e) => reported.push(e)}>
        <Throws error={unreadable} />
      </MembersErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('An error occurred while showing the error page');
    expect(reported).toHaveLength(2);
  });
});

describe("the installed app's Back button", () => {
  function installed(standalone: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: standalone && query === '(display-mode: standalone)',
    }));
  }

  it('shows on a profile in the installed app with history, and goes back', () => {
    installed(true);
    window.history.pushState(null, '', '/members');
    window.history.pushState(null, '', '/members/7');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    inIsland(<BackButton route="members-id" />);
    fireEvent.click(screen.getByRole('button', { name: en.common.back }));
    expect(back).toHaveBeenCalledOnce();
  });

  it.each<[boolean, MembersRoute]>([
    [false, 'members-id'],
    [true, 'members'],
    [true, 'chats-id'],
  ])('is not there when installed is %s on %s', (standalone, route) => {
    installed(standalone);
    inIsland(<BackButton route={route} />);
    expect(screen.queryByRole('button', { name: en.common.back })).toBeNull();
  });
});

describe('offline and updates', () => {
  it('shows the offline state under the site header, retrying when the connection is back', () => {
    const retry = vi.fn();
    inIsland(<OfflineState offline onRetry={retry} brand="Flirt Test" logo={null} />, 'de');
    expect(screen.getByRole('heading', { name: catalogues.de.members.offline_title })).toBeTruthy();
    // The site's header with its name above the card, and the page's side margins around it.
    expect(screen.getByRole('banner').textContent).toBe('Flirt Test');
    expect(screen.getByRole('link', { name: 'Flirt Test' }).getAttribute('href')).toBe('/members');
    expect(screen.getByRole('alert').parentElement!.className).toContain('px-4');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(retry).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: catalogues.de.members.retry }));
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('says the app is offline, and offers a waiting new version with Reload', () => {
    inIsland(<AppStatus />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => $online.set(false));
    expect(screen.getByRole('status').textContent).toBe(en.members.offline_notice);
    const postMessage = vi.fn();
    act(() => $appUpdate.set({ postMessage } as unknown as ServiceWorker));
    expect(screen.getByText('A new version is available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.members.reload }));
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});

describe("the members nav's language menu", () => {
  it("offers the member's country's languages, not all eleven", () => {
    inIsland(<MembersNav user={member({}, { country: 'BE' })} brand="Flirt Test" locale="en" route="members" />);
    const languages = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('lang'))
      .filter(Boolean);
    expect(languages).toEqual(['en', 'nl', 'fr', 'de']);
  });
});
