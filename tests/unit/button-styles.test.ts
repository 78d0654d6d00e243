/** The shared button styles (src/styles/design.css): a disabled button looks disabled. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/styles/design.css', import.meta.url), 'utf8');

/** The declarations of the first rule whose selector list contains `selector`. */
function ruleOf(selector: string): string | null {
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = (match[1] ?? '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(',')
      .map((s) => s.trim());
    if (selectors.includes(selector)) return match[2] ?? '';
  }
  return null;
}

describe('button styles', () => {
  it.each(['.btn:disabled', ".btn[aria-disabled='true']"])('%s is faded, with the not-allowed cursor', (selector) => {
    const rule = ruleOf(selector);
    expect(rule).not.toBeNull();
    expect(rule).toMatch(/\bcursor-not-allowed\b/);
    expect(rule).toMatch(/\bopacity-50\b/);
    expect(rule).toMatch(/transform:\s*none/);
  });
});
