// Astro builds every (site, locale) variant in one pass: pages live under
// src/pages/[site]/[locale]/ and scripts/build-sites.ts splits dist/astro/<site>/<locale>/
// into self-contained static roots dist/sites/<site>/<locale>/ (docs/decisions.md).
// `npm run dev` (scripts/dev.ts) serves one variant without the prefix through devVariant().
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { devVariant } from './scripts/lib/dev-variant.mjs';

/**
 * The islands in the browser get our i18next subset (src/i18n/lite.ts, about 1 KB instead of
 * 14 KB compressed); the server, the build's page rendering and the tests keep i18next.
 */
function browserI18next() {
  const lite = fileURLToPath(new URL('./src/i18n/lite.ts', import.meta.url));
  return {
    name: 'browser-i18next',
    enforce: 'pre',
    /** @param {string} id @param {string | undefined} _importer @param {{ ssr?: boolean } | undefined} options */
    resolveId(id, _importer, options) {
      return id === 'i18next' && !options?.ssr ? lite : null;
    },
  };
}

export default defineConfig({
  outDir: './dist/astro',
  build: { format: 'preserve', inlineStylesheets: 'always', assets: '_astro' },
  trailingSlash: 'ignore',
  compressHTML: true,
  devToolbar: { enabled: false },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss(), devVariant(), browserI18next()],
    build: {
      assetsInlineLimit: 0,
      // Terser packs the islands about 2 % smaller than esbuild's minifier: what the members
      // shell loads up front is budgeted (tests/budgets), and two passes cost seconds once.
      minify: 'terser',
      terserOptions: { compress: { passes: 2 }, format: { comments: false } },
      rollupOptions: {
        // Rollup's default makes a chunk of every set of modules with the same importers: the
        // members app's first screen came in 34 files, and brotli packs one file of many
        // modules better than many small ones (11 KB less; docs/decisions.md "Members app:
        // JavaScript a member downloads"). A chunk under this size joins one loaded with it.
        output: { experimentalMinChunkSize: 10_000 },
        // zod 4 ships /* @__PURE__ */ comments Rollup cannot place; harmless, and noisy.
        onwarn(warning, warn) {
          if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
          warn(warning);
        },
      },
    },
  },
});
