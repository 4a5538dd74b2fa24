import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder and version: the nearest package.json above this code that is the
 * server's (server/ from src/kernel/ when run from source, from dist/ when compiled), so paths
 * hold wherever the code sits.
 */
export const serverPackage: { dir: string | undefined; version: string } = (() => {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@dosechain/server') return { dir, version: pkg.version ?? 'unknown' };
    }
    if (path.dirname(dir) === dir) return { dir: undefined, version: 'unknown' };
  }
})();
