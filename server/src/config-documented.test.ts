import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

/** The product's source files: not tests, not the test rig (`server/src/test/`). */
function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Issue 29: an operator learns the bank's settings from docs/operations.md and .env.example. A
 * variable the config reads but neither names is a setting nobody can find; one named there but
 * no longer read misleads.
 */
describe('every environment variable the server reads is documented', () => {
  it('has each one in docs/operations.md', () => {
    const operations = read('docs/operations.md');
    const missing = CONFIG_VARIABLES.filter((name) => !operations.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('has each one in .env.example, and nothing there the config does not read', () => {
    const example = read('.env.example');
    const listed = [...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(CONFIG_VARIABLES.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => name !== undefined && !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it('reads the environment in config.ts only', () => {
    const readers = productFiles(path.join(root, 'server/src'))
      .filter((file) => path.basename(file) !== 'config.ts')
      .filter((file) => /process\.env\b/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(readers).toEqual([]);
  });
});
