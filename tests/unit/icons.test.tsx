/**
 * The one set of line icons (src/ui/icon-shapes.ts): every drawing is plain SVG shapes on the
 * 24-unit box, and an island's LineIcon draws exactly those shapes (static pages draw the
 * same markup with Icon.astro at build time).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ICON_SHAPES, type IconName } from '#src/ui/icon-shapes.ts';
import LineIcon from '#src/ui/LineIcon.tsx';

const NAMES = Object.keys(ICON_SHAPES) as IconName[];
const SHAPE_ELEMENTS = new Set(['path', 'circle', 'ellipse', 'rect']);

afterEach(cleanup);

describe('line icons', () => {
  it('draws every icon with plain shapes only', () => {
    for (const name of NAMES) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.innerHTML = ICON_SHAPES[name];
      const elements = [...svg.querySelectorAll('*')];
      expect(elements.length, name).toBeGreaterThan(0);
      for (const element of elements) {
        expect(SHAPE_ELEMENTS.has(element.tagName), `${name}: <${element.tagName}>`).toBe(true);
        expect(element.children, `${name}: <${element.tagName}> nests`).toHaveLength(0);
      }
    }
  });

  it('draws an icon in an island as the shared shapes, decorative, stroked in the text colour', () => {
    const { container } = render(<LineIcon name="search" className="size-4" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.getAttribute('stroke-width')).toBe('1.8');
    expect(svg?.getAttribute('class')).toBe('size-4');
    expect([...(svg?.children ?? [])].map((child) => child.outerHTML)).toEqual([
      '<circle cx="11" cy="11" r="6.5"></circle>',
      '<path d="M16 16l4.5 4.5"></path>',
    ]);
  });

  it('takes a heavier stroke where a control needs one', () => {
    const { container } = render(<LineIcon name="close" strokeWidth={2.2} />);
    expect(container.querySelector('svg')?.getAttribute('stroke-width')).toBe('2.2');
    expect(container.querySelector('svg')?.getAttribute('class')).toBe('size-5');
  });
});
