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
 * The browser's shared code in three files (docs/decisions.md "Members app: JavaScript a
 * member downloads"): brotli packs one file of many modules far better than many small ones
 * (the members' first screen: 21 files, 47.4 KB besides React; the same code in one file,
 * 38.7 KB). Left to itself, the bundler makes a chunk of every set of modules with the same
 * importers, so the modules every island shares and those of the members' first screen
 * would come in a dozen files whatever their size; merging chunks by size (Rollup's
 * `experimentalMinChunkSize`) pulled later screens' modules into the first screen's files.
 *
 * - `react`: React and react-dom, which every island loads;
 * - `core`: what every island uses (the API client and its zod, the stores' environment,
 *   session, forms and errors, the i18n subsets, the icons and fields, constants, locales);
 * - `members`: the members app's first screen (the root, the layout and its nav, the search,
 *   the cards, the banners, and the realtime, conversation, likes and push stores behind the
 *   badges), loaded on demand like the root was: the island itself (src/islands/MembersApp.tsx,
 *   its error boundary and lazy loader) stays small, so the loading state paints first
 *   (docs/pwa.md). The members' extras of static pages share it, for logged-in members only.
 *
 * Later screens stay in Rolldown's chunks (each set of importers its own). Only the client
 * build is grouped: the server build's chunks imported each other in circles when grouped.
 */
const BROWSER_GROUPS = /** @type {const} */ ([
  ['react', [String.raw`/node_modules/(?:react|react-dom|scheduler)/`]],
  [
    'core',
    [
      String.raw`vite/preload-helper`,
      String.raw`/node_modules/(?:nanostores|@nanostores/react)/`,
      String.raw`/src/client/(?:zod-lite|api)\.ts$`,
      String.raw`/src/contract/(?:define|user|limits)\.ts$`,
      String.raw`/src/stores/(?:session|environment|errors|form)\.ts$`,
      String.raw`/src/ui/(?:use-form\.ts|fields\.tsx|alerts\.tsx|Spinner\.tsx|CloseButton\.tsx|LineIcon\.tsx|icon-shapes\.ts)$`,
      String.raw`/src/i18n/(?:lite|lite-react|lite-context|index|attribute-keys)\.ts$`,
      String.raw`/src/lib/(?:constants|locales|return-path|traffic|visitor-hints)\.ts$`,
    ],
  ],
  [
    'members',
    [
      String.raw`/node_modules/@nanostores/router/`,
      String.raw`/src/features/members-shell/(?!StaticPageExtras|ErrorBoundary|chunk-reload)[^/]+$`,
      String.raw`/src/features/search/(?!WebcamCard)[^/]+$`,
      String.raw`/src/features/profile-card/(?:FictionalMark|NoPhoto|ProfileCard|profile-location|use-regions)\.tsx?$`,
      String.raw`/src/features/banners/[^/]+$`,
      String.raw`/src/contract/(?:cams|geo|search|chat|likes|members|push|site)\.ts$`,
      String.raw`/src/lib/(?:profile-rules|time-bonus|webcam)\.ts$`,
      String.raw`/src/pwa/app-worker-client\.ts$`,
      String.raw`/src/stores/(?:account|geolocation|polling|chats|likes|push|realtime|counters|router|site-data)\.ts$`,
      String.raw`/src/client/events\.ts$`,
      String.raw`/src/ui/(?:BrandLink\.tsx|use-details-menu\.ts)$`,
    ],
  ],
]).map(([name, patterns]) => /** @type {const} */ ([name, new RegExp(patterns.join('|'))]));

/**
 * What the browser build may drop when nothing it exports is used: our own TypeScript
 * modules have no effects on import, except the teaser lists' start script, which pages
 * import for its effect alone. Rolldown keeps a module it cannot prove free of effects
 * (a top-level call, a class with static fields), which brought the chat's HTML-parsing
 * translation component back into the members' first screen.
 */
const SOURCE_MODULE = /\/src\/.+\.tsx?$/;
const IMPORTED_FOR_EFFECT = /\/src\/features\/teasers\/start\.ts$/;

/**
 * The browser build's chunks (BROWSER_GROUPS) and tree shaking. Only the named modules go
 * into a group: their imports stay where they are (`includeDependenciesRecursively: false`,
 * which needs an entry's chunk to export more than the entry does), so a group never pulls a
 * later screen's module along. The server and page builds keep Rolldown's chunks.
 */
function browserChunks() {
  return {
    name: 'browser-chunks',
    apply: /** @type {const} */ ('build'),
    /** @param {{ name: string }} environment */
    applyToEnvironment: (environment) => environment.name === 'client',
    /** @param {import('rolldown').InputOptions} options */
    options(options) {
      return { ...options, preserveEntrySignatures: /** @type {const} */ ('allow-extension') };
    },
    /** @param {import('rolldown').OutputOptions} options */
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: BROWSER_GROUPS.map(([name, test]) => ({ name, test, includeDependenciesRecursively: false })),
        },
      };
    },
    /** @param {string} _code @param {string} id */
    transform(_code, id) {
      return SOURCE_MODULE.test(id) && !IMPORTED_FOR_EFFECT.test(id) ? { moduleSideEffects: false } : null;
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
    plugins: [tailwindcss(), devVariant(), browserI18next(), browserChunks()],
    build: {
      assetsInlineLimit: 0,
      // Terser packs the islands about 2 % smaller than esbuild's minifier: what the members
      // shell loads up front is budgeted (tests/budgets), and two passes cost seconds once.
      minify: 'terser',
      terserOptions: { compress: { passes: 2 }, format: { comments: false } },
      rolldownOptions: {
        // Building a schema or an endpoint has no effect beyond its value: a contract endpoint no
        // island calls is left out of the browser's chunks (about 1 KB of the first screen).
        treeshake: { manualPureFunctions: ['defineEndpoint', 'z', 'optionalQueryValue'] },
      },
    },
  },
});
