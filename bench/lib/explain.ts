import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../server/src/db/client';
import * as schema from '../../server/src/db/schema/index';

/**
 * The SQL the server's own services send, captured through drizzle's logger and run again under
 * EXPLAIN (ANALYZE, BUFFERS), with a verdict on the plan: does it walk an index to its page, or
 * read a big table whole (a sequential scan, a sort of many rows, a filter that discards most of a
 * table)? The services run in this process on the benchmark's database, with the very parameters
 * the HTTP endpoint would pass them.
 */

/** A table this big is one whose full read would grow with the bank (system accounts are not). */
export const BIG_TABLE_ROWS = 10_000;
/** A node that reads at least this share of a big table reads "all of it" for our purposes. */
export const FULL_READ_SHARE = 0.1;
/** Sorting more rows than this per request is sorting a table, not a page. */
export const SORT_ROWS_MAX = 10_000;
/** Runs per statement; the median execution time is reported (per-node timing off: it distorts). */
const EXPLAIN_RUNS = 3;

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export interface Capturing {
  db: Database;
  /** Runs `action` and returns the statements it sent (transaction control and notifies left out). */
  capture<T>(action: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }>;
}

export function capturingDatabase(pool: pg.Pool): Capturing {
  let sink: CapturedQuery[] | null = null;
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => sink?.push({ sql, params }) },
  }) as unknown as Database;
  return {
    db,
    async capture(action) {
      const queries: CapturedQuery[] = [];
      sink = queries;
      try {
        const result = await action();
        return {
          result,
          queries: queries.filter((q) => !/^\s*(begin|commit|select pg_notify)/i.test(q.sql)),
        };
      } finally {
        sink = null;
      }
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

interface ExplainOutput {
  Plan: PlanNode;
  'Execution Time': number;
}

export interface PlanVerdict {
  /** Median execution time in the database, ms. */
  executionMs: number;
  /** 8 kB pages touched (shared buffers hit + read). */
  buffers: number;
  /** Rows the plan's scans produced or filtered away: what the request read. */
  rowsRead: number;
  indexes: string[];
  /** Empty when the plan walks indexes to its page. */
  problems: { table: string | null; text: string }[];
}

/** Estimated rows of every table of the public schema (from the last ANALYZE). */
export async function tableRows(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ name: string; rows: number }>(
    `select relname as name, greatest(reltuples, 0)::float8 as rows from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'r'`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.rows)]));
}

function judge(plan: PlanNode, sizes: Map<string, number>): Omit<PlanVerdict, 'executionMs'> {
  const indexes = new Set<string>();
  const problems: PlanVerdict['problems'] = [];
  let rowsRead = 0;
  const visit = (node: PlanNode) => {
    const loops = node['Actual Loops'] ?? 1;
    const produced = (node['Actual Rows'] ?? 0) * loops;
    const removed = (node['Rows Removed by Filter'] ?? 0) * loops;
    const table = node['Relation Name'] ?? null;
    if (node['Index Name']) indexes.add(node['Index Name']);
    if (
      /Scan$/.test(node['Node Type']) &&
      !/Bitmap Index Scan|Subquery|CTE|Function|Values/.test(node['Node Type'])
    ) {
      rowsRead += produced + removed;
    }
    const size = table ? (sizes.get(table) ?? 0) : 0;
    if (table && size >= BIG_TABLE_ROWS) {
      if (node['Node Type'] === 'Seq Scan') {
        problems.push({ table, text: `seq scan of ${table} (${fmt(produced + removed)} rows)` });
      } else if (produced + removed >= FULL_READ_SHARE * size) {
        problems.push({ table, text: `reads ${fmt(produced + removed)} rows of ${table} (${fmt(size)})` });
      }
    }
    if (node['Node Type'] === 'Sort') {
      const input = (node.Plans ?? []).reduce(
        (sum, c) => sum + (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1),
        0,
      );
      if (input >= SORT_ROWS_MAX) problems.push({ table: null, text: `sorts ${fmt(input)} rows` });
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return {
    buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
    rowsRead,
    indexes: [...indexes],
    problems,
  };
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** EXPLAIN (ANALYZE, BUFFERS) of one captured statement, run a few times, judged. */
export async function explainQuery(
  pool: pg.Pool,
  query: CapturedQuery,
  sizes: Map<string, number>,
): Promise<PlanVerdict> {
  const times: number[] = [];
  let last: ExplainOutput | undefined;
  for (let i = 0; i < EXPLAIN_RUNS; i++) {
    const { rows } = await pool.query<{ 'QUERY PLAN': ExplainOutput[] }>(
      `explain (analyze, buffers, timing off, format json) ${query.sql}`,
      query.params,
    );
    last = rows[0]?.['QUERY PLAN'][0];
    if (last) times.push(last['Execution Time']);
  }
  if (!last) throw new Error(`no plan for ${query.sql}`);
  const sorted = [...times].sort((a, b) => a - b);
  return { executionMs: sorted[Math.floor(sorted.length / 2)] ?? NaN, ...judge(last.Plan, sizes) };
}

/** Every statement an action sends, explained; the action runs once first to capture them. */
export async function explainAction(
  pool: pg.Pool,
  capturing: Capturing,
  sizes: Map<string, number>,
  action: () => Promise<unknown>,
): Promise<PlanVerdict[]> {
  const { queries } = await capturing.capture(action);
  const verdicts: PlanVerdict[] = [];
  for (const query of queries) verdicts.push(await explainQuery(pool, query, sizes));
  return verdicts;
}
