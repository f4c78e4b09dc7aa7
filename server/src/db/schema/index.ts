// One schema, split by area; drizzle-kit reads this folder to generate migrations.
export * from './audit';
export * from './cards';
export * from './email';
export * from './identity';
export * from './ledger';
export * from './loans';
export * from './holds';
export * from './passkeys';
export * from './case-notes';
export * from './payees';
export * from './scheduled';
export * from './money-requests';
export * from './fx-rates';
export * from './staff-invitations';
export * from './email-changes';
export * from './rate-limits';
