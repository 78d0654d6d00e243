/**
 * The project runs on the Node.js major it installs itself (the `node` dev dependency,
 * `node_modules/.bin/node`), whatever Node the machine has. npm scripts and `npm exec` put
 * that binary first on PATH; anything started another way stops here with the way out.
 * Imported first by every script entry point.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const pinned = (manifest.devDependencies['node'] ?? '').replace(/^[^\d]*/, '');
const wanted = pinned.split('.')[0];
const running = process.versions.node.split('.')[0];

if (wanted && running !== wanted) {
  console.error(
    `This project runs on Node.js ${wanted} (installed by \`npm install\` into node_modules/.bin/node), ` +
      `but this is Node.js ${process.versions.node}.\n` +
      'Run it through npm: `npm start`, `npm test`, `npm run <script>`, or `npm exec -- <command>`.',
  );
  process.exit(1);
}
