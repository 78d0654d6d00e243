/**
 * How the operator console shows what a member sent (MessagePreview): the pickup line's own
 * text, the GIF itself and the photo (linking to the full image), not just what kind it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { OperatorMessage } from '#src/contract/operator.ts';
import { MessagePreview } from '#src/features/operator/MessagePreview.tsx';
import { STAFF_NAMESPACES } from '#src/staff/StaffApp.tsx';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { catalogues, pickNamespaces } from '#src/i18n/index.ts';

afterEach(cleanup);

function message(extra: Partial<OperatorMessage>): OperatorMessage {
  return {
    id: 'm1',
    from: 'member',
    kind: 'text',
    text: null,
    item: null,
    sent_at: '2026-11-28T12:00:00.000Z',
    read: false,
    operator: null,
    ...extra,
  };
}

/** A photo message, served by the operator's photo route. */
const PHOTO = message({
  kind: 'photo',
  photo: {
    url: '/api/operator-chat-photo.php?id=m1&v=full',
    thumb_url: '/api/operator-chat-photo.php?id=m1&v=thumb',
    width: 640,
    height: 480,
  },
});

function show(m: OperatorMessage, inRow = false) {
  return render(
    <IslandI18n locale="en" catalogue={pickNamespaces(catalogues.en, STAFF_NAMESPACES)}>
      <p>
        <MessagePreview message={m} inRow={inRow} />
      </p>
    </IslandI18n>,
  );
}

describe('a member’s message in the operator console', () => {
  it('shows the pickup line’s text, not its key', () => {
    const { container } = show(
      message({ kind: 'icebreaker', item: 'honest', text: 'Ehrlich gesagt: du gefällst mir.' }),
    );
    expect(container.textContent).toContain('Ehrlich gesagt: du gefällst mir.');
    expect(container.textContent).not.toContain('honest');
  });

  it('shows the GIF itself, named by its title', () => {
    show(
      message({
        kind: 'gif',
        item: 'hello',
        gif: {
          id: 'hello',
          title: 'Waving hello',
          url: '/api/gif.php?id=hello&v=full',
          preview_url: '/api/gif.php?id=hello&v=preview',
          width: 200,
          height: 200,
        },
      }),
    );
    const img = screen.getByRole('img', { name: 'Waving hello' });
    expect(img.getAttribute('src')).toBe('/api/gif.php?id=hello&v=full');
  });

  it('shows the photo from the operator’s photo route, linking to the full image', () => {
    show(PHOTO);
    const img = screen.getByRole('img', { name: catalogues.en.operator.kind.photo });
    expect(img.getAttribute('src')).toBe('/api/operator-chat-photo.php?id=m1&v=thumb');
    expect(img.closest('a')?.getAttribute('href')).toBe('/api/operator-chat-photo.php?id=m1&v=full');
  });

  it('still names the kind when there is nothing to show (the inbox line, a GIF the service lost)', () => {
    const { container } = show(message({ kind: 'gif', item: 'hello', gif: null }));
    expect(container.textContent).toBe(`${catalogues.en.operator.kind.gif}: hello`);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('names a photo by its kind in an inbox row, with no link or image inside the row’s button', () => {
    const { container } = show(PHOTO, true);
    expect(container.textContent).toBe(catalogues.en.operator.kind.photo);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
