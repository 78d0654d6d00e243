/**
 * Build-time environment (the static build only; the server reads its own in
 * src/server/env.ts). BUILD_SITES / BUILD_LOCALES (comma lists) narrow the variants for
 * `npm run dev` and quick builds.
 */
import { variants, type Variant } from './variants.ts';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function buildVariants(): Variant[] {
  return variants({ sites: list(process.env['BUILD_SITES']), locales: list(process.env['BUILD_LOCALES']) });
}

/** getStaticPaths entries for a page that exists once per variant. */
export function variantPaths() {
  return buildVariants().map((v) => ({ params: { site: v.site.id, locale: v.locale }, props: v }));
}
