// Fails when the initial UI download exceeds its budget. "Initial" is what the browser fetches
// before the first screen: the files index.html references (entry script, modulepreloads,
// stylesheets) and every chunk they import statically. Lazily loaded routes and on-demand
// libraries (dynamic import()) are not counted.
//
//   node web/scripts/check-bundle-budget.mjs [distDir]      (after `vite build`)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const BUDGET_KB = 250;
/**
 * Chunks that only an action loads, never the first screen, whatever the total: the PDF's font
 * (decision 037; some 330 kB compressed) comes with the PDF writer only.
 */
const ON_DEMAND_ONLY = [{ name: 'the PDF font', file: /^pdf-font-[\w-]+\.js$/ }];
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The same-origin paths (relative to dist) of the tags matching `pattern`. */
function referenced(pattern) {
  return [...html.matchAll(pattern)].map((m) => m[1]).filter((url) => url.startsWith('/'));
}
const scripts = referenced(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g);
const preloads = referenced(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g);
const styles = referenced(/<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g);
if (scripts.length === 0) throw new Error(`no module script in ${dist}/index.html`);

await init;
const initial = new Set(styles);
const pending = [...scripts, ...preloads];
while (pending.length > 0) {
  const url = pending.pop();
  if (initial.has(url)) continue;
  initial.add(url);
  const [imports] = parse(readFileSync(path.join(dist, url), 'utf8'));
  // d === -1: a static import; dynamic import() and import.meta are loaded later or not at all.
  for (const { n: specifier, d } of imports) {
    if (d !== -1 || !specifier?.startsWith('.')) continue;
    const target = path.posix.join(path.posix.dirname(url), specifier);
    if (!initial.has(target)) pending.push(target);
  }
}

for (const { name, file } of ON_DEMAND_ONLY) {
  // A rule that matches no file would pass for nothing: the chunk must exist, lazily.
  if (!readdirSync(path.join(dist, 'assets')).some((f) => file.test(f))) {
    console.error(`No chunk of ${name} (${file}) in ${dist}/assets: update ON_DEMAND_ONLY.`);
    process.exit(1);
  }
  const eager = [...initial].filter((url) => file.test(path.posix.basename(url)));
  if (eager.length > 0) {
    console.error(`The initial download holds ${name} (${eager.join(', ')}): import it dynamically.`);
    process.exit(1);
  }
}

const files = [...initial]
  .map((url) => ({ url, gzipped: gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length }))
  .sort((a, b) => b.gzipped - a.gzipped);
const totalKb = files.reduce((sum, f) => sum + f.gzipped, 0) / 1000;
for (const f of files) console.log(`  ${(f.gzipped / 1000).toFixed(1).padStart(7)} kB  ${f.url}`);
console.log(`Initial UI download: ${totalKb.toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB)`);
if (totalKb > BUDGET_KB) {
  console.error(
    `Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} kB: lazy-load routes or heavy libraries.`,
  );
  process.exit(1);
}
