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
 * The islands in the browser get our i18next and react-i18next subsets (src/i18n/lite.ts,
 * about 1 KB instead of 14 KB compressed, and src/i18n/lite-react.ts, instead of about 3 KB),
 * and our zod/mini for the contract's schemas (src/client/zod-lite.ts, about 2 KB instead of
 * zod's 9 KB core); the server, the build's page rendering and the tests keep the libraries.
 */
function browserI18next() {
  /** @type {Record<string, string>} */
  const lite = {
    i18next: fileURLToPath(new URL('./src/i18n/lite.ts', import.meta.url)),
    'react-i18next': fileURLToPath(new URL('./src/i18n/lite-react.ts', import.meta.url)),
    'zod/mini': fileURLToPath(new URL('./src/client/zod-lite.ts', import.meta.url)),
  };
  return {
    name: 'browser-i18next',
    enforce: 'pre',
    /** @param {string} id @param {string | undefined} _importer @param {{ ssr?: boolean } | undefined} options */
    resolveId(id, _importer, options) {
      return !options?.ssr && Object.hasOwn(lite, id) ? lite[id] : null;
    },
  };
}

/**
 * Small modules the members' first screen does not run, which the minimum chunk size merged
 * into the chunks it loads; each goes in a chunk of its own, loaded by the screens that use it
 * (docs/decisions.md "Members app: JavaScript a member downloads").
 */
const LATER = [
  'src/features/settings/Section.tsx',
  'src/features/auth/EmailField.tsx',
  'src/features/auth/hooks.ts',
  'src/features/credits/NoSubscriptionNotice.tsx',
  'src/features/profile-card/FictionalNote.tsx',
  'src/features/profile-card/LanguageBadge.tsx',
  'src/ui/use-modal-dialog.ts',
  'src/ui/IslandI18n.tsx',
  'src/ui/LinkButtons.tsx',
  'src/ui/ProgressBar.tsx',
  'src/lib/dates.ts',
];

/**
 * Modules loaded in a chunk of their own: the staff consoles' frame (the moderation and
 * operator consoles; merged by size it joined a chunk of the members' first screen), the
 * webcam card of the search (for the members who get cams) and LATER.
 * @param {string} id
 */
function ownChunk(id) {
  if (/\/src\/ui\/(?:StaffConsole\.tsx|console-frame\.tsx)$/.test(id)) return 'staff-console';
  if (id.endsWith('/src/features/search/WebcamCard.tsx')) return 'WebcamCard';
  const later = LATER.find((path) => id.endsWith(`/${path}`));
  return later ? later.replace(/^.*\/|\.tsx?$/g, '') : null;
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
        // Code only some members run stays out of the chunks every member loads: merged by
        // size it would join a shared chunk. Only the named modules; their imports stay where
        // they are (`onlyExplicitManualChunks`).
        output: { experimentalMinChunkSize: 10_000, manualChunks: ownChunk, onlyExplicitManualChunks: true },
        // Building a schema or an endpoint has no effect beyond its value: a contract endpoint no
        // island calls is left out of the browser's chunks (about 1 KB of the first screen).
        treeshake: { manualPureFunctions: ['defineEndpoint', 'z', 'optionalQueryValue'] },
        // zod 4 ships /* @__PURE__ */ comments Rollup cannot place; harmless, and noisy.
        onwarn(warning, warn) {
          if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
          warn(warning);
        },
      },
    },
  },
});
