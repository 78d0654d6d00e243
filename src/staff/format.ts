/** How the back office shows times (English, UTC: docs/staff.md "Language"). */

/** An ISO time as 'YYYY-MM-DD HH:MM' (UTC); '' for none. */
export const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') : '');
