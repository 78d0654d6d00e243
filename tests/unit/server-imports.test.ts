// The server's import graph (docs/decisions.md "Patterns": front door, platform): no import
// circle between its files, none between its features, and features are used through their
// front doors. Type-only imports (`import type`, `export type`) are left out: TypeScript
// erases them (verbatimModuleSyntax), so they cannot make modules wait on each other at load
// time; an `import { type X }` is kept by the compiler and counts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { featureInternalsProblem } from '../../lint/import-rules.js';

const SRC = path.resolve(import.meta.dirname, '../../src');
const SERVER = path.join(SRC, 'server');
const FEATURES = path.join(SERVER, 'features');

function tsFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return tsFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The specifiers a module loads at run time: value imports, re-exports and import() calls. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The server file a specifier names (`#src/…` or relative), or undefined (packages, other folders). */
function resolve(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('#src/')) target = path.join(SRC, specifier.slice('#src/'.length));
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    target = path.resolve(path.dirname(from), specifier);
  else return undefined;
  return target.startsWith(SERVER + path.sep) && target.endsWith('.ts') ? target : undefined;
}

type Graph = Map<string, Set<string>>;

/** Every circle of `graph` (one per strongly connected component, Tarjan), as a path. */
function circles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) found.push(pathThrough(graph, new Set(component), node));
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** One circle inside a strongly connected component, from `start` back to it. */
function pathThrough(graph: Graph, component: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? start;
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const way = [node];
        for (let at = node; at !== start;) {
          at = previous.get(at) ?? start;
          way.unshift(at);
        }
        return [...way, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

const files = tsFiles(SERVER);
const imports = new Map(
  files.map((file) => [
    file,
    runtimeSpecifiers(file).map((specifier) => ({ specifier, target: resolve(file, specifier) })),
  ]),
);
const name = (file: string) => path.relative(SERVER, file).split(path.sep).join('/');
const featureOf = (file: string) => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
};

describe('server imports', () => {
  it('finds a circle, and names each file on it', () => {
    const graph: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(circles(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });

  it('no circle between the files of src/server', () => {
    const graph: Graph = new Map(
      [...imports].map(([file, list]) => [
        name(file),
        new Set(list.flatMap(({ target }) => (target ? [name(target)] : []))),
      ]),
    );
    expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('no circle between the features of src/server/features', () => {
    const graph: Graph = new Map();
    for (const [file, list] of imports) {
      const from = featureOf(file);
      if (from === undefined) continue;
      const targets = graph.get(from) ?? new Set<string>();
      graph.set(from, targets);
      for (const { target } of list) {
        const to = target && featureOf(target);
        if (to && to !== from) targets.add(to);
      }
    }
    expect(circles(graph).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('a feature is imported through its front door only (lint rule imports/feature-internals)', () => {
    const chat = path.join(FEATURES, 'chat', 'send.ts');
    expect(featureInternalsProblem(chat, '#src/server/features/members/visibility.ts')).toContain(
      "'#src/server/features/members/index.ts'",
    );
    expect(featureInternalsProblem(chat, '../members/cards.ts')).toContain('members');
    expect(featureInternalsProblem(chat, '#src/server/features/members/index.ts')).toBeUndefined();
    expect(featureInternalsProblem(chat, './conversations.ts')).toBeUndefined();
    expect(featureInternalsProblem(chat, '#src/server/platform/request-context.ts')).toBeUndefined();
    const app = path.join(SERVER, 'app.ts');
    expect(featureInternalsProblem(app, './features/chat/routes.ts')).toContain('chat');
    const problems = [...imports].flatMap(([file, list]) =>
      list.flatMap(({ specifier }) => {
        const problem = featureInternalsProblem(file, specifier);
        return problem ? [`${name(file)}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('the platform layer (platform/, http/, db/, providers/) imports no feature at run time', () => {
    const platform = [...imports].filter(
      ([file]) => featureOf(file) === undefined && /^(platform|http|db|providers)\//.test(name(file)),
    );
    const upward = platform.flatMap(([file, list]) =>
      list.flatMap(({ target }) => (target && featureOf(target) ? [`${name(file)} → ${name(target)}`] : [])),
    );
    expect(upward).toEqual([]);
  });
});
