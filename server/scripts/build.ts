/**
 * The production build of the server: the entry points (the server and the operator commands)
 * bundled with esbuild into `server/dist/*.js` for plain `node`, with the SQL migrations beside
 * them. The contract package is TypeScript source, so it is bundled in; every other package stays
 * an import from node_modules and must be a runtime dependency (checked here, so a dev-only
 * import fails the build rather than the first start after `npm ci --omit=dev`).
 *
 *   npm run build -w server            # -> server/dist
 *   tsx scripts/build.ts --outdir DIR  # elsewhere (the build test)
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Metafile, type Plugin } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverDir, '..');

interface PackageJson {
  dependencies?: Record<string, string>;
}
const readPackage = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;

/** The packages the compiled server may import at run time: the server's and the contract's dependencies. */
export function runtimePackages(): Set<string> {
  const names = [readPackage(serverDir), readPackage(path.join(repoRoot, 'packages/contract'))].flatMap((p) =>
    Object.keys(p.dependencies ?? {}),
  );
  return new Set(names.filter((name) => name !== '@dosechain/contract'));
}

/** `pg/lib/x` → `pg`, `@scope/name/x` → `@scope/name`. */
export const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The entry points: the server and the operator commands (the scripts of server/package.json). */
export const entryPoints = [
  'src/main.ts',
  'src/cli/admin.ts',
  'src/cli/audit-verify.ts',
  'src/cli/db-migrate.ts',
  'src/cli/backup.ts',
  'src/cli/restore.ts',
];

/**
 * The contract is TypeScript source in the workspace: bundled in, not imported at run time. Its
 * entry points (`@dosechain/contract`, `@dosechain/contract/occurrences`) are its package.json's
 * `exports`.
 */
const bundleContract: Plugin = {
  name: 'bundle-contract',
  setup(b) {
    const contractDir = path.join(repoRoot, 'packages/contract');
    const exportsMap = (
      JSON.parse(readFileSync(path.join(contractDir, 'package.json'), 'utf8')) as {
        exports: Record<string, string>;
      }
    ).exports;
    b.onResolve({ filter: /^@dosechain\/contract(\/[\w-]+)?$/ }, (args) => {
      const target = exportsMap[`.${args.path.slice('@dosechain/contract'.length)}`];
      return target
        ? { path: path.join(contractDir, target) }
        : { errors: [{ text: `${args.path} is not an entry point of the contract` }] };
    });
  },
};

const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** The imports of a bundle that name neither a Node built-in nor a runtime package. */
export function strayImports(metafile: Metafile, allowed: ReadonlySet<string>): string[] {
  const strays = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || builtins.has(imported.path)) continue;
      if (!allowed.has(packageOf(imported.path))) strays.add(imported.path);
    }
  }
  return [...strays].sort();
}

/** Bundles the server into `outdir`; throws when the bundle imports a package that is not a runtime dependency. */
export async function buildServer(outdir: string): Promise<Metafile> {
  const allowed = runtimePackages();
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: entryPoints.map((entry) => path.join(serverDir, entry)),
    outdir,
    bundle: true,
    splitting: true,
    // Every entry and chunk in one folder, so import.meta.dirname is dist/ wherever code lands.
    entryNames: '[name]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // Every package loads from node_modules at run time (native argon2, PGlite's WASM, pino's
    // workers), except the contract.
    packages: 'external',
    plugins: [bundleContract],
  });
  const strays = strayImports(result.metafile, allowed);
  if (strays.length > 0) {
    throw new Error(
      `The server bundle imports packages that are not runtime dependencies: ${strays.join(', ')}`,
    );
  }
  // db/client.ts finds its migrations beside itself: in the bundle, beside main.js.
  cpSync(path.join(serverDir, 'src/kernel/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
  return result.metafile;
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const outdir = path.resolve(values.outdir ?? path.join(serverDir, 'dist'));
  await buildServer(outdir);
  console.log(`server built into ${path.relative(process.cwd(), outdir) || '.'}`);
}
