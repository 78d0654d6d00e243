/**
 * The photo queue's keyboard shortcuts (docs/staff.md "Reports and moderation"): J/K move,
 * A approves, R rejects, X selects. They never fire while the staff member types in a field
 * or holds a modifier key (browser and screen-reader shortcuts keep working).
 */
export type ShortcutAction = 'next' | 'previous' | 'approve' | 'reject' | 'select';

const KEYS: Record<string, ShortcutAction> = { j: 'next', k: 'previous', a: 'approve', r: 'reject', x: 'select' };

/** Whether keys typed at `target` are text for a field (input, select, textarea, editable). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** The action of a key press, or null (typing, modifiers, other keys). */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'target' | 'altKey' | 'ctrlKey' | 'metaKey'>) {
  if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return null;
  return KEYS[event.key.toLowerCase()] ?? null;
}
