/**
 * axe-core in the browser suite (WCAG 2.2 AA): one scan of the page as it stands, failing on
 * any serious or critical violation. `label-content-name-mismatch` (WCAG 2.5.3) is an
 * experimental rule that axe leaves off unless asked; it is asked for here.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Scans the page and fails with each serious or critical violation, its rule and its elements. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: WCAG_22_AA },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  const grave = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      elements: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect.soft(grave, `serious or critical axe violations on ${screen}`).toEqual([]);
}
