import fs from 'node:fs';
import path from 'node:path';

/**
 * The bank's PL/pgSQL and SQL functions, one file each (issue 29, decision 0212): the one place a
 * function's current definition lives. The migrations created them and keep their history; these
 * files are applied after the migrations on every start (`CREATE OR REPLACE`, in one transaction),
 * so changing a function is an edit of its file, not a copy of its whole body into a new
 * migration. A change of a function's signature or return type still needs a migration that drops
 * it first (CREATE OR REPLACE cannot change those).
 */
export const FUNCTIONS_DIR = path.join(import.meta.dirname, 'functions');

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  sql: string;
}

/** Every function file, by name (the migrations have created them all before these are applied). */
export function functionFiles(dir: string = FUNCTIONS_DIR): FunctionFile[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.sql'.length),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/** The whole script that applies them: one transaction, so a start never sees half of them. */
export function functionsScript(dir: string = FUNCTIONS_DIR): string {
  return ['BEGIN;', ...functionFiles(dir).map((f) => f.sql), 'COMMIT;'].join('\n');
}
