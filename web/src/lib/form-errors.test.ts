import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('./toast', () => ({ toast, clearErrorToasts: vi.fn() }));
const { reportFormError } = await import('./form-errors');

describe('reportFormError: one place per error (decision 0115)', () => {
  it('puts a refusal that names a field beside the field, and nowhere else', () => {
    const setError = vi.fn();
    const error = new ApiError(
      403,
      'INCORRECT_PASSWORD',
      'The current password is not correct.',
      'currentPassword',
    );
    expect(reportFormError(error, { setError, fields: ['currentPassword'] })).toBeNull();
    expect(setError).toHaveBeenCalledWith(
      'currentPassword',
      { type: 'server', message: 'The current password is not correct.' },
      { shouldFocus: true },
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('returns any other refusal for the form’s own alert, not a toast as well', () => {
    const setError = vi.fn();
    const error = new ApiError(401, 'LOGIN_FAILED', 'Failed to log in. Please check your credentials.');
    expect(reportFormError(error, { setError, fields: ['accountNumber', 'password'] })).toBe(
      'Failed to log in. Please check your credentials.',
    );
    expect(setError).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
