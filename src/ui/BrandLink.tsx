/**
 * The site's logo (or, without one, its brand name) as the link home to /members, in the
 * islands' headers. The logo is our own SVG asset, inlined like the static top nav's
 * (src/components/Logo.astro); `size` sets its height classes.
 */
export default function BrandLink({ brand, logo, size }: { brand: string; logo: string | null; size: string }) {
  if (!logo)
    return (
      <a href="/members" className="mr-auto truncate text-lg font-extrabold text-ink no-underline sm:text-xl">
        {brand}
      </a>
    );
  return (
    <a
      href="/members"
      aria-label={brand}
      className={`mr-auto flex min-w-0 items-center text-ink no-underline [&_svg]:h-auto [&_svg]:max-h-full [&_svg]:w-auto [&_svg]:max-w-full ${size}`}
      dangerouslySetInnerHTML={{ __html: logo }}
    />
  );
}
