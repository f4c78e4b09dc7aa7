import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@larkspur/contract';
import { getSession, resetSessionStore } from '@/lib/session';
import { janeSession, jsonResponse as json, stubFetch } from '@/test/fixtures';
import { LoginForm } from './login-form';

const signedIn = janeSession();

function renderLogin() {
  const onSignedIn = vi.fn();
  render(<LoginForm onSignedIn={onSignedIn} />);
  return { onSignedIn, user: userEvent.setup() };
}

const fetchMock = stubFetch();
beforeEach(() => resetSessionStore());

describe('LoginForm', () => {
  it('says what is missing beside each field, and sends nothing', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const accountNumber = screen.getByLabelText('Account number');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText('Enter your account number')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(accountNumber).toHaveAttribute('aria-invalid', 'true');
    expect(accountNumber).toHaveAccessibleDescription(expect.stringContaining('Enter your account number'));
    expect(password).toHaveAccessibleDescription('Enter your password');
    expect(fetchMock).not.toHaveBeenCalled();

    // Corrected as the person types.
    await user.type(accountNumber, '40912345678');
    await waitFor(() => expect(accountNumber).not.toHaveAttribute('aria-invalid'));
  });

  it('uses the autocomplete hints password managers need, and can show the password', async () => {
    const { user } = renderLogin();
    expect(screen.getByLabelText('Account number')).toHaveAttribute('autocomplete', 'username');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('says at once when an email is typed as the account number (issue 28)', async () => {
    const { user } = renderLogin();
    const accountNumber = screen.getByLabelText('Account number');
    expect(accountNumber).toHaveAccessibleDescription(/11-digit number/);
    await user.type(accountNumber, 'jane@example.com');
    expect(accountNumber).toHaveAccessibleDescription(/That looks like an email address/);
    await user.clear(accountNumber);
    await user.type(accountNumber, '40912345678');
    expect(accountNumber).not.toHaveAccessibleDescription(/email address/);
  });

  it('shows the server’s message exactly, in a form-level alert', async () => {
    fetchMock.mockResolvedValue(
      json(401, { error: { code: 'LOGIN_FAILED', message: errorMessage('LOGIN_FAILED') } }),
    );
    const { user, onSignedIn } = renderLogin();
    await user.type(screen.getByLabelText('Account number'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to log in\. Please check your credentials\.$/,
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    // Whatever was typed went to the server as it was: the server decides, with one answer.
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      accountNumber: 'jane@example.com',
      password: 'not the password',
    });
  });

  it('puts a server error that names a field beside that field', async () => {
    fetchMock.mockResolvedValue(
      json(400, { error: { code: 'VALIDATION_FAILED', message: 'Too long.', field: 'password' } }),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Account number'), '40912345678');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on success records the session for the guards and hands it on', async () => {
    fetchMock.mockResolvedValue(json(200, signedIn));
    const { user, onSignedIn } = renderLogin();
    await user.type(screen.getByLabelText('Account number'), '40912345678');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    expect(getSession()).toEqual(signedIn);
    expect(screen.getByRole('button', { name: 'Log In' })).not.toHaveAttribute('aria-busy', 'true');
  });
});
