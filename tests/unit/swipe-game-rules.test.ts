/** The swipe game's pure rules (src/features/swipe-game/swipe-rules.ts). */
import { describe, expect, it } from 'vitest';
import {
  allowanceAfter,
  appendFresh,
  canSayYes,
  dragDecision,
  DRAG_MIN_PX,
  isGameOver,
  keyDecision,
} from '#src/features/swipe-game/swipe-rules.ts';
import { profileCard } from './member-profile-fixtures.ts';

const key = (
  name: string,
  modifiers: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {},
) => ({
  key: name,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  target: null,
  ...modifiers,
});

describe('swipe game rules', () => {
  it('takes the decisions on their way off the allowance: each a swipe, a Yes also a like', () => {
    expect(allowanceAfter({ swipes: 20, likes: 4 }, ['yes', 'no', 'yes'])).toEqual({ swipes: 17, likes: 2 });
    expect(allowanceAfter({ swipes: 1, likes: 0 }, ['yes', 'no'])).toEqual({ swipes: 0, likes: 0 });
  });

  it('ends the game when no swipes are left; with no likes left only Yes is off', () => {
    expect(isGameOver({ swipes: 20, likes: 4 })).toBe(false);
    expect(isGameOver({ swipes: 0, likes: 4 })).toBe(true);
    expect(isGameOver({ swipes: 16, likes: 0 })).toBe(false);
    expect(canSayYes({ swipes: 16, likes: 0 })).toBe(false);
    expect(canSayYes({ swipes: 16, likes: 1 })).toBe(true);
  });

  it('appends a batch without the profiles seen, waiting or repeated', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => profileCard({ id }));
    const queue = appendFresh([b!], [a!, b!, c!, c!, d!], new Set(['a']));
    expect(queue.map((card) => card.id)).toEqual(['b', 'c', 'd']);
  });

  it('reads ArrowRight as Yes and ArrowLeft as No, not with a modifier or in a form field', () => {
    expect(keyDecision(key('ArrowRight'))).toBe('yes');
    expect(keyDecision(key('ArrowLeft'))).toBe('no');
    expect(keyDecision(key('ArrowUp'))).toBeNull();
    expect(keyDecision(key('ArrowLeft', { altKey: true }))).toBeNull();
    expect(keyDecision(key('ArrowRight', { metaKey: true }))).toBeNull();
  });

  it('decides a drag past 30% of the card (at least 80 px); a shorter one is no decision', () => {
    expect(dragDecision(119, 400)).toBeNull();
    expect(dragDecision(120, 400)).toBe('yes');
    expect(dragDecision(-120, 400)).toBe('no');
    expect(dragDecision(DRAG_MIN_PX - 1, 100)).toBeNull();
    expect(dragDecision(-DRAG_MIN_PX, 100)).toBe('no');
  });
});
