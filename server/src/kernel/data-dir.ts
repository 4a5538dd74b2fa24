import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds personal data: the embedded database (password hashes, every order), mail kept
 * as files (with live recovery links), generated secrets. Only the server's own user may read it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The umask the server and its commands run under (and the programs they start inherit). */
export const PRIVATE_UMASK = 0o077;

/** A bound on the walk: a PGlite data directory holds a few thousand entries. */
const MAX_ENTRIES = 500_000;

/**
 * Makes `dir` private: created 0700 when missing (`create`), and every directory under it made
 * 0700 and every file 0600 where group or others had any right. Symbolic links are left alone
 * (never followed out of the directory). Returns the paths it tightened.
 */
export function makePrivate(dir: string, options: { create: boolean }): string[] {
  if (!existsSync(dir)) {
    if (!options.create) return [];
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  }
  const tightened: string[] = [];
  const pending = [dir];
  for (let seen = 0; pending.length > 0 && seen < MAX_ENTRIES; seen++) {
    const current = pending.pop()!;
    const stat = lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(current, stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
      tightened.push(current);
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(current)) pending.push(path.join(current, name));
    }
  }
  return tightened;
}

/** The warning's fields: how many paths were tightened and a few of them, relative to DATA_DIR. */
export function tightenedReport(dir: string, tightened: string[]) {
  return {
    event: 'data_dir.tightened',
    dataDir: dir,
    count: tightened.length,
    examples: tightened.slice(0, 5).map((p) => path.relative(dir, p) || '.'),
  };
}
