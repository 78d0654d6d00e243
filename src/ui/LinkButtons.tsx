/**
 * Ways on from a screen (an empty list, a limit, a result) as buttons: the first is the main
 * one, unless `outline` says a button before them already is.
 */
export default function LinkButtons({
  links,
  outline = false,
}: {
  links: readonly { href: string; label: string }[];
  outline?: boolean;
}) {
  return links.map(({ href, label }, index) => (
    <a key={href} href={href} className={`btn ${index === 0 && !outline ? 'btn-primary' : 'btn-outline'}`}>
      {label}
    </a>
  ));
}
