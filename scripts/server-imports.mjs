#!/usr/bin/env node
/**
 * The server's layers (decision 047), counted from server/src's import lines without running
 * anything: kernel files importing a module, cycles between modules (the graph of modules, not of
 * files), and imports of another module's file past its index.ts. Prints the three counts and
 * exits 1 when any is above zero. With --markdown it prints, instead, each module's one-line
 * purpose (the leading doc comment of its index.ts) and the module faces it imports.
 *
 *   node scripts/server-imports.mjs [--root <dir>] [--markdown]   (npm run lint:server-layers)
 *
 * Layers by path under server/src: kernel/** is the kernel; modules/<name>/** is module <name>;
 * a file directly in modules/ (the route registry) imports modules like a module does; the rest
 * (app.ts, main.ts, start-banner.ts, cli/, seed/) are consumers, free to import any file. Test
 * files (*.test.ts) are not counted: a test may reach into what it tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCE_DIR = 'server/src';
/** The registry's name in the graph: the files directly in modules/. */
export const REGISTRY = '(registry)';

const posix = (p) => p.split(sep).join('/');

/** Every .ts file under `dir`, as paths relative to it, test files left out. */
export function sourceFiles(dir, sub = '') {
  const files = [];
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const path = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...sourceFiles(dir, path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/**
 * The relative specifiers a file's text imports or re-exports: `from '…'`, a bare `import '…'`
 * and a literal `import('…')`. Comments are dropped first, so a commented-out import is none.
 */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found.filter((s) => s.startsWith('.'));
}

/** Which layer a path (relative to server/src) is in, and for a module file, which module. */
export function placeOf(path) {
  if (path.startsWith('kernel/')) return { layer: 'kernel' };
  const m = /^modules\/(?:([^/]+)\/)?/.exec(path);
  if (m) return { layer: 'module', module: m[1] && path.split('/').length > 2 ? m[1] : REGISTRY };
  return { layer: 'consumer' };
}

/** A module's face: its index.ts. */
export const isFace = (path, module) => path === `modules/${module}/index.ts`;

/** Every import between files of server/src: from, to (both relative to it). */
export function importEdges(root) {
  const src = resolve(root, SOURCE_DIR);
  const edges = [];
  for (const file of sourceFiles(src)) {
    for (const spec of importsOf(readFileSync(join(src, file), 'utf8'))) {
      const to = posix(normalize(join(dirname(file), spec)));
      if (!to.startsWith('..')) edges.push({ from: file, to });
    }
  }
  return edges;
}

/** The module graph: for each module (and the registry), the other modules it imports. */
export function moduleGraph(edges) {
  const graph = new Map();
  for (const { from, to } of edges) {
    const a = placeOf(from);
    const b = placeOf(to);
    if (a.layer !== 'module') continue;
    if (!graph.has(a.module)) graph.set(a.module, new Set());
    if (b.layer === 'module' && b.module !== a.module) graph.get(a.module).add(b.module);
  }
  return graph;
}

/** The graph's cycles: its strongly connected parts of more than one module (Tarjan), sorted. */
export function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const part = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) cycles.push(part.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The three counts' findings, each a list of lines naming the files or modules. */
export function findings(root) {
  const edges = importEdges(root);
  const kernelToModule = [];
  const pastFace = [];
  for (const { from, to } of edges) {
    const a = placeOf(from);
    const b = placeOf(to);
    if (b.layer !== 'module') continue;
    if (a.layer === 'kernel') kernelToModule.push(`${from} → ${to}`);
    if (a.layer === 'module' && a.module !== b.module && !isFace(to, b.module)) {
      pastFace.push(`${from} → ${to}`);
    }
  }
  const cycles = cyclesOf(moduleGraph(edges)).map((part) => part.join(' ↔ '));
  return { kernelToModule, cycles, pastFace };
}

/** A module's purpose: the first paragraph of its index.ts's leading doc comment, on one line. */
export function purposeOf(text) {
  const m = /^\s*\/\*\*([\s\S]*?)\*\//.exec(text);
  if (!m) return '';
  const lines = m[1].split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trim());
  const blank = lines.indexOf('', lines[0] === '' ? 1 : 0);
  return lines
    .slice(0, blank < 0 ? undefined : blank)
    .join(' ')
    .trim();
}

/** Markdown: one row per module, its purpose and the modules whose faces it imports. */
export function markdown(root) {
  const src = resolve(root, SOURCE_DIR);
  const graph = moduleGraph(importEdges(root));
  const modules = readdirSync(join(src, 'modules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const rows = ['| Module | What it does | Uses the faces of |', '|---|---|---|'];
  for (const name of modules) {
    let purpose = '';
    try {
      purpose = purposeOf(readFileSync(join(src, 'modules', name, 'index.ts'), 'utf8'));
    } catch {
      purpose = '(no index.ts)';
    }
    const uses = [...(graph.get(name) ?? [])].sort().join(', ') || '—';
    rows.push(`| \`${name}\` | ${purpose.replaceAll('|', '\\|')} | ${uses} |`);
  }
  const registry = [...(graph.get(REGISTRY) ?? [])].sort().join(', ');
  if (registry) rows.push('', `The route registry (\`modules/*.ts\`) uses the faces of: ${registry}.`);
  return rows.join('\n');
}

/** Prints the counts (or the markdown); answers the exit code. */
export function run(args, out = console.log) {
  const at = args.indexOf('--root');
  const root = at >= 0 ? resolve(args[at + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  if (args.includes('--markdown')) {
    out(markdown(root));
    return 0;
  }
  const found = findings(root);
  const sections = [
    ['kernel → module imports', found.kernelToModule],
    ['module-level cycles', found.cycles],
    ["imports past a module's index.ts", found.pastFace],
  ];
  for (const [title, lines] of sections) {
    out(`${title}: ${lines.length}`);
    for (const line of lines) out(`  ${line}`);
  }
  return sections.some(([, lines]) => lines.length > 0) ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = run(process.argv.slice(2));
}
