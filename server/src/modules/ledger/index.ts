// The ledger module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { bankingRoutes, type TransferStepUp } from './banking-routes';
export {
  createBankingService,
  type Actor,
  type AdminCashInput,
  type AdminEditInput,
  type AdminRecordInput,
  type BankingService,
  type StepUpCheck,
  type TransferInput,
} from './banking-service';
export { findCounterpart } from './counterpart';
export { loadCustomer } from './customers';
export { dueCents, nextReleaseAfter } from './deposits/hold-schedule';
export { documentRoutes } from './documents/document-routes';
export { lockAccounts } from './journal';
export {
  createMoneyBudget,
  idempotencyHeader,
  moneyErrors,
  moneyReply,
  moneyResponses,
  moneySchema,
  type MoneyBudget,
} from './money-route';
export { RETURNED_CHECK_TYPE, postCheckReturn } from './movements/check-return';
export { positiveAmount } from './movements/context';
export { decidePayeeCheck } from './payee-check';
export { CSV_COLUMNS, listRecords, recordCsvCells, type StatementFilter } from './statements';
export { verifyLedger } from './verify';
