/**
 * The chat in the shell: the nav's Messages entry with the unread badge ('99+' from 100), on
 * desktop leading to the newest conversation; the '(N) ' title prefix; the texts of system
 * messages and list previews.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import MembersNav from '#src/features/members-shell/MembersNav.tsx';
import { previewText, systemText } from '#src/features/chat/chat-format.ts';
import { MEMBERS_NAMESPACES } from '#src/islands/MembersApp.tsx';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { catalogues, pickNamespaces, translator } from '#src/i18n/index.ts';
import { withCount } from '#src/stores/counters.ts';
import { member } from '../fixtures/members.ts';
import { chatMessage } from './chat-fixtures.ts';

afterEach(cleanup);

function show(unread: number, newestChat: string | null) {
  render(
    <IslandI18n locale="en" catalogue={pickNamespaces(catalogues.en, MEMBERS_NAMESPACES)}>
      <MembersNav
        user={member()}
        brand="Flirt Test"
        locale="en"
        route="members"
        unreadMessages={unread}
        newestChat={newestChat}
      />
    </IslandI18n>,
  );
  return screen.getAllByRole('link', { name: /Messages/ });
}

describe('the Messages entry of the nav', () => {
  it('opens the newest conversation on desktop and the list on phones, with the unread badge', () => {
    const [bar, tab] = show(3, 'c7');
    expect(bar?.getAttribute('href')).toBe('/chats/c7');
    expect(tab?.getAttribute('href')).toBe('/chats');
    expect(within(bar!).getByText('3')).toBeTruthy();
  });

  it('leads to the list without conversations, and caps the badge at 99+', () => {
    const [bar] = show(100, null);
    expect(bar?.getAttribute('href')).toBe('/chats');
    expect(within(bar!).getByText('99+')).toBeTruthy();
  });
});

describe('the title prefix', () => {
  it('puts (N) before the title, replaces an older one and drops it at 0', () => {
    expect(withCount('Messages · Flirt', 3)).toBe('(3) Messages · Flirt');
    expect(withCount('(3) Messages · Flirt', 12)).toBe('(12) Messages · Flirt');
    expect(withCount('(12) Messages · Flirt', 0)).toBe('Messages · Flirt');
  });
});

describe('message texts', () => {
  const t = translator('en');

  it('words system messages with their parameters, and without a missing one', () => {
    const purchase = chatMessage({
      kind: 'system',
      from: 'system',
      system: { key: 'purchase', params: { order: 'A17', credits: 250 } },
    });
    expect(systemText(purchase, t, 'Flirt')).toBe('Thank you for your order #A17. Credits added to your account: 250.');
    const rejected = chatMessage({
      kind: 'system',
      from: 'system',
      system: { key: 'photo_rejected', params: { reason: 'quality' } },
    });
    expect(systemText(rejected, t, 'Flirt')).toBe(
      `Your photo could not be approved. ${catalogues.en.photos.reject_reasons.quality}`,
    );
    const bare = chatMessage({ kind: 'system', from: 'system', system: { key: 'photo_rejected', params: {} } });
    expect(systemText(bare, t, 'Flirt')).toBe('Your photo could not be approved.');
    const welcome = chatMessage({ kind: 'system', from: 'system', system: { key: 'welcome', params: {} } });
    expect(systemText(welcome, t, 'Flirt')).toContain('Welcome to Flirt!');
  });

  it('previews my messages as mine and media by name', () => {
    expect(previewText(chatMessage({ from: 'me', text: 'Hi' }), t, 'Flirt')).toBe('You: Hi');
    expect(previewText(chatMessage({ kind: 'photo', text: null }), t, 'Flirt')).toBe('Photo');
    expect(
      previewText(
        chatMessage({ kind: 'gift', text: null, gift: { key: 'rose', name: 'Rose', image: '', credits: 10 } }),
        t,
        'Flirt',
      ),
    ).toBe('Gift: Rose');
  });
});
