/** How the Money section shows amounts and times (the back office is English: docs/staff.md "Language"). */
import { formatMoney } from '#src/lib/money.ts';

/** An amount in minor units, as the back office shows it (English). */
export const money = (minor: number, currency: string) => formatMoney(minor, currency, 'en');

export { when } from '../format.ts';
