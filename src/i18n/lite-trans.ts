/**
 * react-i18next's `Trans` for the browser's islands (lite-react.ts): react-i18next's own
 * component without its context, given the instance of the island's provider. A module of
 * its own, so the islands that never show a Trans text do not download it.
 */
import { useContext } from 'react';
import { Trans as TransWithoutContext } from 'react-i18next/TransWithoutContext';
import { I18nContext } from './lite-context.ts';

type TransProps = Parameters<typeof TransWithoutContext>[0];

export function Trans(props: TransProps) {
  const { i18n } = useContext(I18nContext);
  return TransWithoutContext({ ...props, i18n: props.i18n ?? (i18n as TransProps['i18n']) });
}
