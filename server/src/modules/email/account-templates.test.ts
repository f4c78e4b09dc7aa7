import { describe, expect, it } from 'vitest';
import {
  maskEmail,
  maskPhone,
  renderAccountNumberReminder,
  renderContactChangedAlert,
  emailChangeStopUrl,
  renderEmailChangeCode,
  renderEmailChangePendingNotice,
  renderPasswordChangedAlert,
  renderPasswordResetCode,
  renderWelcome,
} from './account-templates';
import type { EmailBrand } from './email-layout';

const brand: EmailBrand = {
  bankName: 'Larkspur Bank',
  fromName: 'Larkspur Bank',
  publicOrigin: 'https://bank.example',
};
const now = new Date('2026-03-04T05:06:00.000Z');

describe('recovery and alert emails', () => {
  it('welcome: the account number, how to log in, and the name escaped in the HTML', () => {
    const mail = renderWelcome(
      {
        to: 'a@example.com',
        now,
        firstName: '<b>Eve</b>\r\nBcc: x@evil.example',
        accountNumber: '40912345678',
      },
      brand,
    );
    expect(mail.subject).toBe('Welcome to Larkspur Bank: your account number');
    expect(mail.text).toContain('40912345678');
    expect(mail.text).toContain('https://bank.example/login');
    expect(mail.html).toContain('40912345678');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.params).toMatchObject({ account_number: '40912345678', to_email: 'a@example.com' });
  });

  it('account-number reminder carries the number', () => {
    const mail = renderAccountNumberReminder(
      { to: 'a@example.com', now, firstName: 'Ann', accountNumber: '40987654321' },
      brand,
    );
    expect(mail.template).toBe('account-number-reminder');
    expect(mail.text).toContain('40987654321');
  });

  it("codes keep product §7's subject and say what they are for", () => {
    const reset = renderPasswordResetCode(
      { to: 'a@example.com', now, code: '123456', validForMinutes: 5, byStaff: false },
      brand,
    );
    expect(reset.subject).toBe('Your Larkspur Bank Verification Code: 123456');
    expect(reset.text).toContain('choose a new password');
    expect(reset.text).toContain('valid for 5 minutes');
    const byStaff = renderPasswordResetCode(
      { to: 'a@example.com', now, code: '123456', validForMinutes: 5, byStaff: true },
      brand,
    );
    expect(byStaff.text).toContain('https://bank.example/forgot-password');
    const change = renderEmailChangeCode(
      { to: 'new@example.com', now, code: '654321', validForMinutes: 5 },
      brand,
    );
    expect(change.subject).toBe('Your Larkspur Bank Verification Code: 654321');
    expect(change.text).toContain(
      'read this code to the Larkspur Bank staff member on the call you made to us',
    );
  });

  it('no code email says the same thing twice (issue 28: the reset email ended "ignore this email" twice)', () => {
    const emails = [
      renderPasswordResetCode(
        { to: 'a@example.com', now, code: '123456', validForMinutes: 5, byStaff: false },
        brand,
      ),
      renderPasswordResetCode(
        { to: 'a@example.com', now, code: '123456', validForMinutes: 5, byStaff: true },
        brand,
      ),
      renderEmailChangeCode({ to: 'a@example.com', now, code: '123456', validForMinutes: 5 }, brand),
    ];
    for (const email of emails) {
      const body = email.text.split('\n--\n')[0] ?? '';
      expect(body.match(/ignore this email/g), body).toHaveLength(1);
      const sentences = body
        .split(/(?<=[.:!?])\s+/)
        .map((sentence) => sentence.trim().toLowerCase())
        .filter((sentence) => sentence.length > 0);
      expect(new Set(sentences).size, body).toBe(sentences.length);
    }
    expect(emails[0]?.text).toContain(
      'Larkspur Bank will never ask you for this code by phone, chat or email. If you did not ask to reset your password, ignore this email: your password has not changed.',
    );
  });

  it('the email-change code gives one anti-phishing message: read it out only on your own call about the address (issue 28 item 12)', () => {
    const change = renderEmailChangeCode(
      { to: 'new@example.com', now, code: '654321', validForMinutes: 5 },
      brand,
    );
    for (const body of [change.text, change.html]) {
      // It asks the customer to read the code to staff, so it must never also say staff never ask for it.
      expect(body).toContain('read this code to the Larkspur Bank staff member');
      expect(body).not.toMatch(/never ask (you )?for this code/i);
      expect(body).not.toMatch(/will never ask/i);
      expect(body).toContain('This is the only code we ever ask you to read to us');
      expect(body).toContain(
        'We never ask for a code that resets your password, signs you in or approves a payment',
      );
    }
    // Every other code keeps the plain rule.
    const reset = renderPasswordResetCode(
      { to: 'a@example.com', now, code: '123456', validForMinutes: 5, byStaff: true },
      brand,
    );
    expect(reset.text).toContain('will never ask you for this code by phone, chat or email');
    expect(reset.text).not.toContain('read this code');
  });

  it('the pending email change tells the old address, with the link that stops it', () => {
    const mail = renderEmailChangePendingNotice(
      {
        to: 'old@example.com',
        now,
        newValueMasked: 'n•••w@example.com',
        stopUrl: emailChangeStopUrl(brand, 'tok_en-1'),
        coolingOffHours: 72,
      },
      brand,
    );
    expect(mail.template).toBe('email-change-pending-notice');
    expect(mail.text).toContain('https://bank.example/email-change/stop#token=tok_en-1');
    expect(mail.text).toContain('n•••w@example.com');
    expect(mail.text).toContain('A second member of our staff must approve it');
  });

  it('alerts say what changed, when, and never the whole new address or number', () => {
    const password = renderPasswordChangedAlert({ to: 'a@example.com', now, how: 'reset' }, brand);
    expect(password.subject).toBe('Larkspur Bank: your password was changed');
    expect(password.text).toContain('Mar 4, 2026, 5:06 AM UTC');
    const email = renderContactChangedAlert(
      {
        to: 'old@example.com',
        now,
        field: 'email',
        newValueMasked: maskEmail('jane.doe@example.com'),
        byStaff: true,
        toOldAddress: true,
      },
      brand,
    );
    expect(email.subject).toBe('Larkspur Bank: your email address was changed');
    expect(email.text).toContain('j•••e@example.com');
    expect(email.text).not.toContain('jane.doe@');
    expect(email.text).toContain('this old address too');
    const phone = renderContactChangedAlert(
      {
        to: 'a@example.com',
        now,
        field: 'phone',
        newValueMasked: maskPhone('+1 (415) 555-0142'),
        byStaff: false,
      },
      brand,
    );
    expect(phone.text).toContain('a number ending 0142');
    expect(phone.text).not.toContain('555');
  });

  it('masks short addresses too', () => {
    expect(maskEmail('ab@example.com')).toBe('a•••@example.com');
    expect(maskEmail('nonsense')).toBe('•••');
  });
});
