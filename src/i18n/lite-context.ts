/**
 * The context through which an island's provider gives its i18n instance to `useTranslation`
 * (lite-react.ts) and `Trans` (lite-trans.ts) in the browser: a module of its own, so Trans
 * stays in the chunks of the islands that use it.
 */
import { createContext } from 'react';
import type { LiteI18n } from './lite.ts';

export type LiteInstance = Pick<LiteI18n, 't' | 'getFixedT'>;

export const I18nContext = createContext<{ i18n?: LiteInstance }>({});
