import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createBoundedGate, GateFull } from '../../../lib/bounded-gate';
import { AppError } from '../../../lib/errors';
import type { BankDetails } from './bank-details';
import type { MonthlyStatement } from './monthly-statement';
import type { StatementJob, StatementJobResult } from './statement-worker';

/**
 * Monthly statements are laid out in a worker thread (issue 27, decision 0193): a statement of
 * thousands of records is seconds of pdfkit CPU, which on the event loop would hold up every other
 * request. The worker is started on the first statement and kept; renders wait in a bounded queue,
 * and a statement that finds it full is answered 503 with Retry-After at once.
 */

/** Statements rendered at once in this process: one worker thread, one of the machine's two cores. */
export const STATEMENT_RENDERS_IN_FLIGHT_MAX = 1;
/** Statements that may wait for the worker; past this a request is answered 503 at once. */
export const STATEMENT_RENDER_QUEUE_MAX = 4;
/** How long a statement may wait for the worker before it is answered 503. */
export const STATEMENT_RENDER_WAIT_MS = 20_000;
/** Retry-After (seconds) of a statement refused because the queue is full. */
export const STATEMENT_BUSY_RETRY_AFTER_S = 10;

/**
 * The worker: beside `main.js` in the esbuild bundle, which builds it as its own entry point
 * (server/build.mjs); from source (TypeScript: the tests, `tsx` scripts), a small script that
 * registers tsx's loader in the worker and then imports the TypeScript file beside this module.
 */
function startWorkerThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./statement-worker.js', import.meta.url));
  // tsx's ESM API (its `import` export, beside the `require` one that resolve() finds).
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsx = pathToFileURL(tsxCjs.replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./statement-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

export interface StatementRenderer {
  /** The statement's PDF; AppError STATEMENT_BUSY (503) if the queue is full or the wait too long. */
  render(statement: MonthlyStatement, bank: BankDetails, issuedAt: Date): Promise<Buffer>;
  /** Stops the worker (the app's onClose). */
  close(): Promise<void>;
}

export function createStatementRenderer(
  limits: { inFlightMax: number; waitingMax: number; waitMs: number } = {
    inFlightMax: STATEMENT_RENDERS_IN_FLIGHT_MAX,
    waitingMax: STATEMENT_RENDER_QUEUE_MAX,
    waitMs: STATEMENT_RENDER_WAIT_MS,
  },
): StatementRenderer {
  const gate = createBoundedGate(limits);
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let nextId = 0;

  function startWorker(): Worker {
    const worker = startWorkerThread();
    // An idle worker does not keep the process alive.
    worker.unref();
    all.add(worker);
    worker.once('exit', () => {
      all.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    });
    return worker;
  }

  /** One job on one worker; a worker that fails is dropped, and the next job starts a new one. */
  function runOn(worker: Worker, job: StatementJob): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const onMessage = (result: StatementJobResult) => {
        if (result.id !== job.id) return;
        cleanup();
        idle.push(worker);
        if (result.ok) resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
        else reject(new Error(`Statement rendering failed: ${result.message}`));
      };
      const onError = (error: Error) => {
        cleanup();
        void worker.terminate();
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`Statement worker exited with code ${code}`));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  }

  return {
    async render(statement, bank, issuedAt) {
      try {
        return await gate.run(() => {
          nextId += 1;
          return runOn(idle.pop() ?? startWorker(), { id: nextId, statement, bank, issuedAt });
        });
      } catch (error) {
        if (error instanceof GateFull)
          throw new AppError('STATEMENT_BUSY', { retryAfterSeconds: STATEMENT_BUSY_RETRY_AFTER_S });
        throw error;
      }
    },
    async close() {
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}
