import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneTimeCodeField, useCodeForm } from './one-time-code';

afterEach(cleanup);

function CodeHarness({ whose, onCode }: { whose?: 'mine' | 'read-out'; onCode: (code: string) => void }) {
  const form = useCodeForm();
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(({ code }) => onCode(code))(event)}>
      <OneTimeCodeField
        whose={whose}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <button type="submit">Verify</button>
    </form>
  );
}

describe('the one code entry', () => {
  it('offers the emailed code on the phone, and refuses a short one beside the field', async () => {
    const user = userEvent.setup();
    const onCode = vi.fn();
    render(<CodeHarness onCode={onCode} />);
    const field = screen.getByLabelText('6-digit code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('maxlength', '6');
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onCode).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onCode).toHaveBeenCalledWith('123456');
  });

  it('when staff type a code a customer reads out, offers nothing and names whose it is', () => {
    render(<CodeHarness whose="read-out" onCode={vi.fn()} />);
    const field = screen.getByLabelText('6-digit code from the customer');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).not.toHaveAttribute('aria-describedby');
  });
});
