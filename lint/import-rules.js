// Our own lint rules for imports (docs/decisions.md "Imports", "Patterns"):
// - cross-folder: an import that crosses the top-level folders of src/ uses the `#src/…`
//   alias, so a file's imports say where things live instead of how many folders up they are.
//   The check itself is a plain function so that the .astro files, which ESLint does not
//   read, are checked by a test with the same code.
// - feature-internals: a server feature is used through its front door,
//   src/server/features/<feature>/index.ts; only its own files import its other modules.
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '..', 'src');
const FEATURES = path.join(SRC, 'server', 'features');

/** The top-level folder of src/ that `file` is in, or undefined outside src/. */
function topFolder(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

/**
 * Why the import `specifier` written in `file` is not allowed, or undefined when it is:
 * a relative import whose target lies in another top-level folder of src/.
 */
export function crossFolderImportProblem(file, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const from = topFolder(file);
  if (from === undefined) return undefined;
  const target = path.resolve(path.dirname(file), specifier);
  const to = topFolder(target);
  if (to === undefined || to === from) return undefined;
  const alias = `#src/${path.relative(SRC, target).split(path.sep).join('/')}`;
  return `Import across src/ folders with the alias: '${alias}'`;
}

/** The server feature folder `file` lies in (its name), or undefined outside src/server/features/. */
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** The file a `#src/…` or relative specifier written in `file` names, or undefined for a package. */
function targetOf(file, specifier) {
  if (specifier.startsWith('#src/')) return path.join(SRC, specifier.slice('#src/'.length));
  if (specifier.startsWith('./') || specifier.startsWith('../')) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

/**
 * Why the import `specifier` written in `file` is not allowed, or undefined when it is: a
 * module of a server feature other than its front door (`index.ts`), imported from outside
 * that feature.
 */
export function featureInternalsProblem(file, specifier) {
  const target = targetOf(file, specifier);
  if (target === undefined) return undefined;
  const feature = featureOf(target);
  if (feature === undefined || feature === featureOf(file)) return undefined;
  if (path.relative(path.join(FEATURES, feature), target) === 'index.ts') return undefined;
  return `Use the ${feature} feature through its front door: '#src/server/features/${feature}/index.ts'`;
}

/** The module specifiers of one node that names a module, if any. */
function sourceOf(node) {
  const source = node.source;
  return source && source.type === 'Literal' && typeof source.value === 'string' ? source : undefined;
}

const crossFolder = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports across top-level src/ folders use #src/…' },
    fixable: 'code',
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = sourceOf(node);
      if (!source) return;
      const problem = crossFolderImportProblem(context.filename, source.value);
      if (!problem) return;
      const alias = problem.slice(problem.indexOf("'") + 1, -1);
      context.report({
        node: source,
        message: problem,
        fix: (fixer) => fixer.replaceText(source, `'${alias}'`),
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const featureInternals = {
  meta: {
    type: 'problem',
    docs: { description: "Other features' modules are imported through their index.ts (the front door)" },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = sourceOf(node);
      if (!source) return;
      const problem = featureInternalsProblem(context.filename, source.value);
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const importRules = { rules: { 'cross-folder': crossFolder, 'feature-internals': featureInternals } };
