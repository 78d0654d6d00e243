/**
 * The inline script that opens the site-entry warning (SPEC §2.6; the dialog is
 * src/components/SiteEntryWarning.astro). It opens the dialog when all of these hold:
 * - the visitor is logged out and not in installed-app mode (the `data-member` / `data-app`
 *   hints of src/lib/visitor-hints.ts on <html>);
 * - they have not skipped it before: closing it (the enter button; Esc does nothing) stores
 *   the timestamp in localStorage `site_entry_skipped`;
 * - their country (the `data-country` hint, from the `country` cookie) is in the allowed
 *   list. An empty list means every country. With the site's own list an unknown country
 *   counts as allowed; with the NL/DE list of the chat, lander and empty layouts
 *   (`knownCountryOnly`) it does not: the warning is for visitors known to be from there. On
 *   the members shell, /chats takes the chat layout's NL/DE list (`chatLayoutOnChats`).
 * Every byte counts (the inline-script budget of a static page, tests/budgets).
 */

export function siteEntryScript(
  countries: readonly string[],
  knownCountryOnly: boolean,
  /**
   * The members shell (one page for every members route) also answers /chats, whose layout
   * is the chat layout (SPEC §2.2): there the NL/DE list applies, chosen by the path.
   */
  chatLayoutOnChats = false,
): string {
  const list = countries.map((c) => c.toUpperCase()).join(',');
  // The list holds no two-letter run but its codes ('NL,DE'), so indexOf finds only a code;
  // an unknown country (no hint) is looked up as 'undefined', which no list holds.
  const siteList = knownCountryOnly ? 'l&&l.indexOf(h.country)<0' : 'l&&h.country&&l.indexOf(h.country)<0';
  const notAllowed = chatLayoutOnChats
    ? `(/^\\/chats(\\/|$)/.test(location.pathname)?'NL,DE'.indexOf(h.country)<0:${siteList})`
    : siteList;
  return (
    '((d,h,l,s)=>{try{s=localStorage;if(s.site_entry_skipped)return}catch(e){}' +
    `if('member'in h||'app'in h||${notAllowed})return;` +
    'd.oncancel=()=>!1;d.onclose=()=>{try{s.site_entry_skipped=Date.now()}catch(e){}};d.showModal()})' +
    `(document.getElementById('site-entry-warning'),document.documentElement.dataset,${JSON.stringify(list)})`
  );
}
