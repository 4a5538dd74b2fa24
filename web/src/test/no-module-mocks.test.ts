/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// The web project shares one module registry per worker between its test files (isolate: false
// in vitest.config.ts): a module mocked by one file would stay mocked for the files after it.
describe('web test files', () => {
  it('mock by spying, never by replacing a module', () => {
    const mocking = testFiles(src)
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '')))
      .map((file) => relative(src, file));
    expect(mocking).toEqual([]);
  });
});
