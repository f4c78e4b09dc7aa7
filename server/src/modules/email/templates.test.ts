import { describe, expect, it } from 'vitest';
import { CREDIT_COLOR, DEBIT_COLOR, escapeHtml, formatMoney, type EmailBrand } from './email-layout';
import {
  FAILED_SIGN_INS_TEMPLATE,
  PASSWORD_RECHECK_TEMPLATE,
  renderFailedSignInsNotice,
  renderPasswordRecheckNotice,
  renderReturnedCheckNotice,
} from './notice-templates';
import { renderMoneyAlert, type MoneyAlertInput } from './money-alert-template';
import { renderSignupAttemptNotice, renderVerificationCode } from './code-templates';

const brand: EmailBrand = {
  bankName: 'Larkspur Bank',
  fromName: 'Larkspur Bank',
  publicOrigin: 'https://bank.example',
};

const alert: MoneyAlertInput = {
  to: 'ada@example.com',
  name: 'Ada Lovelace',
  direction: 'credit',
  transactionType: 'Deposit',
  amountCents: 123_450n,
  date: new Date('2026-03-04T15:06:00.000Z'),
  reference: 'DEP1772636760000K3Q9',
  counterparty: 'Grace Hopper',
  balanceCents: 1_000_000_07n,
};

describe('formatMoney', () => {
  it.each([
    [0n, '$0.00'],
    [5n, '$0.05'],
    [100n, '$1.00'],
    [123_450n, '$1,234.50'],
    [123_456_789n, '$1,234,567.89'],
    [-5n, '-$0.05'],
    [-123_456n, '-$1,234.56'],
    // Beyond 2^53 cents: exact, because nothing here is a float.
    [9_007_199_254_740_993n, '$90,071,992,547,409.93'],
  ])('formats %s cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('uses another currency symbol when given', () => {
    expect(formatMoney(99_999n, '€')).toBe('€999.99');
  });
});

describe('money alert', () => {
  it('fills all twelve template fields of product §3, and only those', () => {
    const { params } = renderMoneyAlert(alert, brand);
    expect(params).toEqual({
      to_email: 'ada@example.com',
      subject: 'Larkspur Bank Credit Alert: $1,234.50 Deposit',
      name: 'Ada Lovelace',
      transaction_type: 'Deposit',
      amount: '$1,234.50',
      date: 'Mar 4, 2026, 3:06 PM UTC',
      reference: 'DEP1772636760000K3Q9',
      counterparty: 'Grace Hopper',
      balance: '$1,000,000.07',
      amount_color: CREDIT_COLOR,
      year: '2026',
      from_name: 'Larkspur Bank',
    });
  });

  it('shows every field in both the HTML and the text version', () => {
    const email = renderMoneyAlert(alert, brand);
    for (const value of [
      'Ada Lovelace',
      'Deposit',
      '$1,234.50',
      'Mar 4, 2026, 3:06 PM UTC',
      alert.reference,
      'Grace Hopper',
      '$1,000,000.07',
      '2026',
    ]) {
      expect(email.text).toContain(value);
      expect(email.html).toContain(value);
    }
    expect(email.template).toBe('money-alert');
    expect(email.subject).toBe(email.params.subject);
  });

  it('marks a credit green and says Credit, a debit red and says Debit (never colour alone)', () => {
    const credit = renderMoneyAlert(alert, brand);
    expect(credit.params.amount_color).toBe(CREDIT_COLOR);
    expect(credit.html).toContain(`color:${CREDIT_COLOR}`);
    expect(credit.text).toMatch(/Amount: \$1,234\.50 Credit/);
    expect(credit.html).toContain('$1,234.50 Credit');
    expect(credit.text).toContain('From: Grace Hopper');

    const debit = renderMoneyAlert({ ...alert, direction: 'debit', transactionType: 'Withdrawal' }, brand);
    expect(debit.params.amount_color).toBe(DEBIT_COLOR);
    expect(debit.html).toContain(`color:${DEBIT_COLOR}`);
    expect(debit.html).not.toContain(CREDIT_COLOR);
    expect(debit.text).toMatch(/Amount: \$1,234\.50 Debit/);
    expect(debit.subject).toBe('Larkspur Bank Debit Alert: $1,234.50 Withdrawal');
    expect(debit.text).toContain('To: Grace Hopper');
  });

  it("uses the international details' currency symbol for the amount, the dollar for the balance", () => {
    const email = renderMoneyAlert(
      { ...alert, direction: 'debit', transactionType: 'International Transfer', currencySymbol: '€' },
      brand,
    );
    expect(email.params.amount).toBe('€1,234.50');
    expect(email.params.balance).toBe('$1,000,000.07');
    expect(email.text).toContain('€1,234.50 Debit');
  });

  it('falls back to the dollar sign for a missing or blank symbol', () => {
    expect(renderMoneyAlert({ ...alert, currencySymbol: null }, brand).params.amount).toBe('$1,234.50');
    expect(renderMoneyAlert({ ...alert, currencySymbol: '  ' }, brand).params.amount).toBe('$1,234.50');
  });

  it('always shows two decimals', () => {
    expect(renderMoneyAlert({ ...alert, amountCents: 100_000n }, brand).params.amount).toBe('$1,000.00');
    expect(renderMoneyAlert({ ...alert, amountCents: 7n }, brand).params.amount).toBe('$0.07');
  });

  it('escapes every value that came from a person in the HTML', () => {
    const hostile = '<script>alert("x")</script> & \'quoted\'';
    const email = renderMoneyAlert(
      {
        ...alert,
        name: hostile,
        counterparty: `<img src=x onerror=alert(1)>`,
        reference: '<b>ref</b>',
        transactionType: '<i>type</i>',
        currencySymbol: '<s>',
      },
      { ...brand, bankName: 'Bank <&>' },
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<b>ref');
    expect(email.html).not.toContain('<i>type');
    expect(email.html).not.toContain('<s>');
    expect(email.html).not.toContain('Bank <&>');
    expect(email.html).toContain(escapeHtml(hostile));
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&lt;s&gt;1,234.50');
    expect(email.html).toContain('Bank &lt;&amp;&gt;');
    // The text version is text: shown as typed.
    expect(email.text).toContain(hostile);
  });

  it('keeps the subject on one line whatever the inputs hold', () => {
    const email = renderMoneyAlert(
      { ...alert, transactionType: 'Deposit\r\nBcc: victim@example.com' },
      brand,
    );
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.params.subject).not.toMatch(/[\r\n]/);
  });
});

describe('verification code', () => {
  const now = new Date('2026-01-15T12:00:00.000Z');

  it('has the subject of product §7 and says the code is valid for 5 minutes', () => {
    const email = renderVerificationCode(
      { to: 'ada@example.com', code: '042917', validForMinutes: 5, now },
      brand,
    );
    expect(email.subject).toBe('Your Larkspur Bank Verification Code: 042917');
    expect(email.text).toContain('042917');
    expect(email.text).toContain('valid for 5 minutes');
    expect(email.html).toContain('042917');
    expect(email.html).toContain('valid for 5 minutes');
    expect(email.template).toBe('verification-code');
    expect(email.params).toMatchObject({
      to_email: 'ada@example.com',
      subject: email.subject,
      code: '042917',
      valid_minutes: '5',
      year: '2026',
      from_name: 'Larkspur Bank',
    });
  });

  it('uses the configured bank name as the brand', () => {
    const email = renderVerificationCode(
      { to: 'a@example.com', code: '123456', validForMinutes: 5, now },
      { ...brand, bankName: 'Bluebell Savings' },
    );
    expect(email.subject).toBe('Your Bluebell Savings Verification Code: 123456');
    expect(email.text).toContain('Bluebell Savings');
  });
});

describe('sign-up attempt notice', () => {
  it('tells the owner someone tried to sign up with their address, and carries no code', () => {
    const email = renderSignupAttemptNotice(
      { to: 'ada@example.com', now: new Date('2026-01-15T12:00:00Z') },
      brand,
    );
    expect(email.template).toBe('signup-attempt-notice');
    expect(email.subject).toBe('Larkspur Bank: someone tried to open an account with your email address');
    expect(email.text).toContain('tried to open a new Larkspur Bank account with this email address');
    expect(email.text).toContain('https://bank.example/login');
    expect(email.text).not.toMatch(/\b\d{6}\b/);
    expect(email.html).toContain('https://bank.example/login');
    expect(email.params).toMatchObject({
      to_email: 'ada@example.com',
      from_name: 'Larkspur Bank',
      year: '2026',
    });
  });
});

describe('security notices (decisions 0081, 0082)', () => {
  it('tell the owner about repeated failed log-ins and about a session ended after wrong passwords', () => {
    const now = new Date('2026-01-15T12:00:00Z');
    const failed = renderFailedSignInsNotice({ to: 'ada@example.com', now }, brand);
    expect(failed.template).toBe(FAILED_SIGN_INS_TEMPLATE);
    expect(failed.subject).toBe('Larkspur Bank: repeated failed log-ins to your account');
    expect(failed.text).toContain('tried several times to log in');
    const recheck = renderPasswordRecheckNotice({ to: 'ada@example.com', now }, brand);
    expect(recheck.template).toBe(PASSWORD_RECHECK_TEMPLATE);
    expect(recheck.text).toContain('so we logged it out');
    for (const email of [failed, recheck]) {
      expect(email.text).toContain('https://bank.example/login');
      expect(email.html).toContain('https://bank.example/login');
      expect(email.params).toMatchObject({ to_email: 'ada@example.com', year: '2026' });
    }
  });
});

describe('renderReturnedCheckNotice', () => {
  const input = {
    to: 'ada@example.com',
    name: 'Ada <b>Lovelace</b>',
    checkNumber: '1042',
    amountCents: 50_000n,
    collectedCents: 6_000n,
    shortfallCents: 44_000n,
    balanceCents: 7_000n,
    reference: 'WDL1772636760000K3Q9ABCD',
    date: new Date('2026-03-04T15:06:00.000Z'),
  };

  it('says what was returned, what was collected and what is still owed', () => {
    const email = renderReturnedCheckNotice(input, brand);
    expect(email.template).toBe('returned-check');
    expect(email.subject).toBe('Larkspur Bank: check #1042 for $500.00 was returned');
    expect(email.text).toContain('Your balance covered $60.00 of it; $440.00 is still owed');
    expect(email.html).not.toContain('<b>Lovelace</b>');
    expect(email.params).toMatchObject({ collected: '$60.00', shortfall: '$440.00', check_number: '1042' });
  });

  it('says the whole amount was taken back when the balance covered it', () => {
    const email = renderReturnedCheckNotice({ ...input, collectedCents: 50_000n, shortfallCents: 0n }, brand);
    expect(email.text).toContain('The whole $500.00 has been taken back from your balance.');
    expect(email.text).not.toContain('still owed to');
  });
});
