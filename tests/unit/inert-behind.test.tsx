/**
 * What the phone's full-screen conversation covers is inert (WCAG 2.4.11,
 * src/features/chat/use-inert-behind.ts): the skip link, the nav, the banners and the list
 * beside it take no focus while it is open, a dialog opened meanwhile stays usable, and
 * closing the conversation gives everything back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { useInertBehind } from '#src/features/chat/use-inert-behind.ts';

afterEach(cleanup);

function Conversation() {
  const ref = useRef<HTMLElement>(null);
  useInertBehind(ref);
  return (
    <section ref={ref} data-conversation>
      <textarea aria-label="Message" />
    </section>
  );
}

function Page({ open }: { open: boolean }) {
  return (
    <div>
      <a href="#content" id="skip">
        Skip
      </a>
      <nav id="nav">
        <a href="/members">Search</a>
      </nav>
      <div id="banners">
        <button type="button">Dismiss</button>
      </div>
      <main>
        <ul id="list">
          <li>
            <a href="/chats/1">Anna</a>
          </li>
        </ul>
        {open && <Conversation />}
      </main>
      <div id="modal-slot" />
    </div>
  );
}

const inert = (id: string) => document.getElementById(id)?.hasAttribute('inert');

describe('the full-screen conversation on a phone', () => {
  it('makes what it covers inert while it is open, and gives it back when it closes', () => {
    const { rerender } = render(<Page open={false} />);
    expect(['skip', 'nav', 'banners', 'list'].map(inert)).toEqual([false, false, false, false]);
    rerender(<Page open />);
    expect(['skip', 'nav', 'banners', 'list', 'modal-slot'].map(inert)).toEqual([true, true, true, true, true]);
    expect(document.querySelector('[data-conversation]')?.closest('[inert]')).toBeNull();
    rerender(<Page open={false} />);
    expect(['skip', 'nav', 'banners', 'list', 'modal-slot'].map(inert)).toEqual([false, false, false, false, false]);
  });

  it('leaves a dialog opened meanwhile usable', async () => {
    render(<Page open />);
    const slot = document.getElementById('modal-slot')!;
    expect(slot.hasAttribute('inert')).toBe(true);
    await act(async () => {
      const dialog = document.createElement('dialog');
      dialog.setAttribute('open', '');
      slot.append(dialog);
      // The observer runs after the DOM change.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(slot.hasAttribute('inert')).toBe(false);
    expect(inert('nav')).toBe(true);
  });
});
