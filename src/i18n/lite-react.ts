/**
 * react-i18next as the browser's islands use it: `I18nextProvider`, `useTranslation` and
 * `Trans`, in a few hundred bytes instead of about 3 KB compressed on the members' first
 * screen (docs/decisions.md "Members app: JavaScript a member downloads"). The browser build
 * resolves `react-i18next` to this module (astro.config.mjs, `browserI18next`); the server,
 * the static pages and the component tests keep react-i18next itself.
 *
 * An island's instance is made once, ready, for one language and never changes it (src/ui/
 * IslandI18n.tsx, src/islands/MembersApp.tsx): no namespaces to load, no suspense, no
 * re-render on language events. `useTranslation()` answers what react-i18next's does then:
 * `{ t, i18n, ready }` (also as `[t, i18n, ready]`), with `t` the same function on every
 * render and `keyPrefix` honoured. `Trans` (lite-trans.ts) is react-i18next's own, given the
 * provider's instance; re-exported, so only the islands that use it download it.
 * tests/unit/i18n-lite-react.test.tsx renders both side by side.
 */
import { createElement, useContext, useMemo, type ReactNode } from 'react';
import type { LiteI18n } from './lite.ts';
import { I18nContext, type LiteInstance } from './lite-context.ts';

export { Trans } from './lite-trans.ts';

type T = LiteI18n['t'];

export function I18nextProvider({ i18n, children }: { i18n: LiteInstance; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return createElement(I18nContext.Provider, { value }, children);
}

/** Without an instance, a text is its key (as react-i18next's `t` before it is ready). */
const keyOnly: T = (key) => key;

export function useTranslation(_namespace?: unknown, options: { keyPrefix?: string } = {}) {
  const { i18n } = useContext(I18nContext);
  const { keyPrefix } = options;
  return useMemo(() => {
    const t = i18n ? i18n.getFixedT(undefined, undefined, keyPrefix) : keyOnly;
    const answer = [t, i18n ?? {}, true] as const;
    return Object.assign(answer, { t, i18n: answer[1], ready: true });
  }, [i18n, keyPrefix]);
}
