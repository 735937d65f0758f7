// No import cycle anywhere in the repository, type-only imports included (docs/decisions/028): a type loop still ties
// two files together, so that neither can be read, moved or split without the other. The rule builds the import graph
// of every source file once per lint process and resolves the specifiers itself, with no resolver package
// (docs/decisions/005): relative paths, the workspaces' package `exports` (`@app/contract/constants`) and the
// `paths` aliases of their tsconfig.json (web's `@/`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const ROOT = path.join(import.meta.dirname, '..');
const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js)$/;
// Never source of the repository's own: installed packages, builds, the embedded database, browser-suite output.
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

/** The workspaces' package names, export maps and path aliases, read once per lint process. */
function workspaces() {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return root.workspaces.map((name) => {
    const dir = path.join(ROOT, name);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
    const entries = Object.entries(exports).filter(([, target]) => typeof target === 'string');
    const { config } = ts.readConfigFile(path.join(dir, 'tsconfig.json'), ts.sys.readFile);
    const aliases = Object.entries(config?.compilerOptions?.paths ?? {})
      .filter(([alias, [target]]) => alias.endsWith('/*') && target?.endsWith('/*'))
      .map(([alias, [target]]) => ({ prefix: alias.slice(0, -1), dir: path.join(dir, target.slice(0, -1)) }));
    return {
      dir: dir + path.sep,
      name: pkg.name,
      exports: new Map(entries.map(([key, target]) => [key, path.join(dir, target)])),
      aliases,
    };
  });
}

/**
 * The specifiers a file on disk imports, type-only ones included. TypeScript's pre-processor (what its language
 * service uses) reads them with the scanner, so comments and strings are skipped, at a fraction of a parse's cost;
 * it misses `export * as ns from`, so a file that may hold one is parsed.
 */
export function specifiersOnDisk(file, text) {
  if (!/\bexport\s*\*\s*as\b/.test(text))
    return ts.preProcessFile(text, true, false).importedFiles.map((f) => f.fileName);
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      specifiers.push(node.moduleSpecifier.text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      specifiers.push(node.argument.literal.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [source] = node.arguments;
      if (source && ts.isStringLiteralLike(source)) specifiers.push(source.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  return specifiers;
}

let graph;
function importGraph() {
  if (graph) return graph;
  const specifiers = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(file);
      } else if (SOURCE.test(entry.name))
        specifiers.set(file, specifiersOnDisk(file, readFileSync(file, 'utf8')));
    }
  };
  walk(ROOT);
  graph = {
    files: new Map([...specifiers.keys()].map((file) => [file, new Set()])),
    packages: workspaces(),
    resolved: new Map(),
  };
  for (const [file, specs] of specifiers) {
    for (const spec of specs) graph.files.get(file).add(resolve(file, spec));
    graph.files.get(file).delete(null);
  }
  return graph;
}

/** The source file a specifier names, or null for a package of node_modules, a stylesheet, an asset. */
function resolve(from, spec) {
  const { files, packages, resolved } = graph;
  const key = `${path.dirname(from)}\0${spec}`;
  if (resolved.has(key)) return resolved.get(key);
  let base = null;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else {
    const own = packages.find(({ name }) => spec === name || spec.startsWith(`${name}/`));
    if (own) base = own.exports.get(`.${spec.slice(own.name.length)}`) ?? null;
    else {
      const alias = packages
        .find(({ dir }) => from.startsWith(dir))
        ?.aliases.find(({ prefix }) => spec.startsWith(prefix));
      if (alias) base = path.join(alias.dir, spec.slice(alias.prefix.length));
    }
  }
  const stem = base?.replace(/\.[cm]?js$/, '');
  const target = base
    ? ([
        base,
        `${stem}.ts`,
        `${stem}.tsx`,
        `${base}.ts`,
        `${base}.tsx`,
        `${base}/index.ts`,
        `${base}/index.tsx`,
      ].find((candidate) => files.has(candidate)) ?? null)
    : null;
  resolved.set(key, target);
  return target;
}

/** The shortest import path from `from` back to `to` (both included), `file`'s imports taken as linted; or null. */
function pathBack(from, to, file, fileTargets) {
  const parent = new Map([[from, null]]);
  const queue = [from];
  for (const node of queue) {
    if (node === to) {
      const trail = [];
      for (let step = node; step !== null; step = parent.get(step)) trail.unshift(step);
      return trail;
    }
    for (const next of (node === file ? fileTargets : graph.files.get(node)) ?? []) {
      if (!parent.has(next)) {
        parent.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every import, re-export, `import()` and `typeof import()` of a literal path, whether of types or of values. */
export const importCycles = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cycle:
        "'{{spec}}' leads back here, an import cycle ({{loop}}): move what both sides need into a file below them.",
    },
  },
  create(context) {
    const file = context.filename;
    const imports = [];
    const add = (node, source) => {
      if (typeof source?.value === 'string') imports.push({ node, spec: source.value });
    };
    return {
      ImportDeclaration: (node) => add(node, node.source),
      ExportNamedDeclaration: (node) => add(node, node.source),
      ExportAllDeclaration: (node) => add(node, node.source),
      ImportExpression: (node) => add(node, node.source),
      TSImportType: (node) => add(node, node.source),
      'Program:exit'() {
        importGraph();
        for (const entry of imports) entry.target = resolve(file, entry.spec);
        const targets = new Set(imports.map((entry) => entry.target).filter(Boolean));
        for (const { node, spec, target } of imports) {
          const trail = target && pathBack(target, file, file, targets);
          if (!trail) continue;
          const loop = [file, ...trail].map((step) => path.relative(ROOT, step)).join(' → ');
          context.report({ node, messageId: 'cycle', data: { spec, loop } });
        }
      },
    };
  },
};
