/**
 * Types i18next's `t` (and react-i18next's `useTranslation().t`) from the English catalogue:
 * one namespace, 'translation', whose keys are en.json's. A key missing from en.json is a type error.
 */
import 'i18next';
import type en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
    // A default value given to t() does not excuse a key that en.json lacks.
    strictKeyChecks: true;
  }
}
