import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '@larkspur/contract';
import { jsonResponse as json, stubFetch } from '@/test/fixtures';
import { ForgotPasswordPage } from './forgot-password-page';

const fetchMock = stubFetch();

function renderPage() {
  render(
    <MemoryRouter>
      <ForgotPasswordPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const bodyOf = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as unknown;
const urlOf = (call: number) => String(fetchMock.mock.calls[call]?.[0]);

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  fetchMock.mockResolvedValueOnce(json(202, { ok: true }));
  await user.type(screen.getByLabelText('Account number or email'), ' 40912345678 ');
  await user.click(screen.getByRole('button', { name: 'Email me a code' }));
  await screen.findByRole('heading', { level: 1, name: 'Check your email' });
}

describe('ForgotPasswordPage', () => {
  it('asks for the identifier and sends nothing without one', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(screen.getByLabelText('Account number or email')).toHaveAccessibleDescription(
      /Enter your account number or email address/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed identifier, then asks for the code without saying whether it matched', async () => {
    const user = renderPage();
    await reachCodeStep(user);
    expect(urlOf(0)).toContain('/api/auth/password/forgot');
    expect(bodyOf(0)).toEqual({ identifier: '40912345678' });
    expect(screen.getByText(/If/).textContent).toContain('40912345678 belongs to an account');
    // The server's resend throttle is counted down on the button.
    expect(screen.getByRole('button', { name: /Send a new code \(\d+ s\)/ })).toBeDisabled();
  });

  it('checks the new passwords match before sending anything', async () => {
    const user = renderPage();
    await reachCodeStep(user);
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'a long new passphrase');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a different passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a wrong code beside the field, then finishes with a way to log in', async () => {
    const user = renderPage();
    await reachCodeStep(user);
    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'OTP_INVALID', message: errorMessage('OTP_INVALID'), field: 'code' } }),
    );
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.type(screen.getByLabelText('New password'), 'a long new passphrase');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('6-digit code')).toHaveAccessibleDescription(
        new RegExp(errorMessage('OTP_INVALID').replace('.', '\\.')),
      ),
    );
    expect(urlOf(1)).toContain('/api/auth/password/reset');
    expect(bodyOf(1)).toEqual({
      identifier: '40912345678',
      code: '000000',
      newPassword: 'a long new passphrase',
      confirmPassword: 'a long new passphrase',
    });

    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByRole('heading', { level: 1, name: 'Your password is changed' });
    expect(screen.getByRole('link', { name: 'Log in with your new password' }).getAttribute('href')).toBe(
      '/login',
    );
  });
});
