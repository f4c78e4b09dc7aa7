import { parentPort } from 'node:worker_threads';
import type { BankDetails } from './bank-details';
import type { MonthlyStatement } from './monthly-statement';
import { renderStatementPdf } from './statement-pdf';

/**
 * The statement renderer's worker thread (issue 27, decision 0193): pdfkit lays out a long
 * statement here, off the event loop that answers every other request. One job at a time: the
 * statement (bigints and dates survive the structured clone), back the whole PDF's bytes.
 */
export interface StatementJob {
  id: number;
  statement: MonthlyStatement;
  bank: BankDetails;
  issuedAt: Date;
}

export type StatementJobResult =
  { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

async function render(job: StatementJob): Promise<Uint8Array> {
  const { doc, write } = renderStatementPdf(job.statement, job.bank, job.issuedAt);
  const chunks: Buffer[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  await write();
  await ended;
  // A copy with an ArrayBuffer of its own, safe to transfer (a small Buffer may share Node's pool).
  return new Uint8Array(Buffer.concat(chunks));
}

const port = parentPort;
if (port) {
  port.on('message', (job: StatementJob) => {
    render(job).then(
      (pdf) => {
        const result: StatementJobResult = { id: job.id, ok: true, pdf };
        port.postMessage(result, [pdf.buffer as ArrayBuffer]);
      },
      (error: unknown) => {
        const result: StatementJobResult = {
          id: job.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        };
        port.postMessage(result);
      },
    );
  });
}
