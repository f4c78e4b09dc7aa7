import { describe, expect, it } from 'vitest';
import { errorMessage } from '@larkspur/contract';
import { previewEdit, previewHelper } from './balance-preview';

describe('previewHelper (credit and debit helpers)', () => {
  it('adds a credit and subtracts a debit in exact cents', () => {
    expect(previewHelper('credit', '100.10', '0.20')).toEqual({
      status: 'ok',
      amountCents: 20n,
      balanceAfterCents: 10_030n,
    });
    expect(previewHelper('debit', '100.30', '0.10')).toEqual({
      status: 'ok',
      amountCents: 10n,
      balanceAfterCents: 10_020n,
    });
  });

  it('reads what staff type as people do: thousands separators and a dollar sign', () => {
    expect(previewHelper('credit', '0.00', '$1,250.5')).toMatchObject({
      status: 'ok',
      amountCents: 125_050n,
    });
    expect(previewEdit({ direction: 'credit', amount: '10.00' }, '10.00', '1,010')).toMatchObject({
      status: 'ok',
      newAmountCents: 101_000n,
    });
  });

  it('lets a debit take the balance to exactly zero, not below', () => {
    expect(previewHelper('debit', '25.00', '25')).toMatchObject({ status: 'ok', balanceAfterCents: 0n });
    expect(previewHelper('debit', '25.00', '25.01')).toEqual({
      status: 'insufficient',
      message: 'Insufficient funds for this debit.',
      balanceAfterCents: -1n,
    });
  });

  it.each(['', '0', '0.00', '-5', '1e3', '12.345', 'NaN', '1,0000', '10000000.01'])(
    'refuses %j with the spec message of each helper',
    (input) => {
      expect(previewHelper('credit', '10.00', input)).toEqual({
        status: 'invalid',
        message: errorMessage('INVALID_DEPOSIT_AMOUNT'),
      });
      expect(previewHelper('debit', '10.00', input)).toEqual({
        status: 'invalid',
        message: 'Invalid debit amount.',
      });
    },
  );

  it('accepts the single-operation maximum and tolerates surrounding spaces', () => {
    expect(previewHelper('credit', '0.00', ' 10000000.00 ')).toMatchObject({
      status: 'ok',
      balanceAfterCents: 1_000_000_000n,
    });
  });

  it('keeps every cent of balances beyond what a float can hold', () => {
    expect(previewHelper('credit', '90071992547409.92', '0.01')).toMatchObject({
      balanceAfterCents: 9_007_199_254_740_993n,
    });
  });
});

describe('previewEdit (a record’s new amount moves the owner’s balance by the difference)', () => {
  const credit = { direction: 'credit' as const, amount: '50.00' };
  const debit = { direction: 'debit' as const, amount: '50.00' };

  it('raising a credit raises the balance; lowering it lowers the balance', () => {
    expect(previewEdit(credit, '200.00', '75.25')).toEqual({
      status: 'ok',
      newAmountCents: 7_525n,
      balanceChangeCents: 2_525n,
      balanceAfterCents: 22_525n,
    });
    expect(previewEdit(credit, '200.00', '20')).toMatchObject({
      balanceChangeCents: -3_000n,
      balanceAfterCents: 17_000n,
    });
  });

  it('raising a debit lowers the balance; lowering it gives money back', () => {
    expect(previewEdit(debit, '200.00', '80')).toMatchObject({
      balanceChangeCents: -3_000n,
      balanceAfterCents: 17_000n,
    });
    expect(previewEdit(debit, '200.00', '0')).toMatchObject({
      status: 'ok',
      newAmountCents: 0n,
      balanceAfterCents: 25_000n,
    });
  });

  it('an unchanged amount changes nothing', () => {
    expect(previewEdit(debit, '200.00', '50.00')).toMatchObject({
      balanceChangeCents: 0n,
      balanceAfterCents: 20_000n,
    });
  });

  it('refuses a change that would take the balance below zero, with the server’s message', () => {
    expect(previewEdit(credit, '10.00', '39.99')).toEqual({
      status: 'negative',
      message: errorMessage('BALANCE_WOULD_BE_NEGATIVE'),
      balanceChangeCents: -1_001n,
      balanceAfterCents: -1n,
    });
    expect(previewEdit(credit, '10.00', '40')).toMatchObject({ status: 'ok', balanceAfterCents: 0n });
  });

  it.each(['', '-1', '1e2', '1.234', 'abc', '10000000.01'])('refuses %j: "Invalid new amount."', (input) => {
    expect(previewEdit(credit, '10.00', input)).toEqual({
      status: 'invalid',
      message: 'Invalid new amount.',
    });
  });
});
