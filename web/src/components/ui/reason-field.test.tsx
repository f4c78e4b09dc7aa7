import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonDialog, useReason } from './reason-field';

afterEach(cleanup);

function Harness({ onReason }: { onReason: (reason: string) => void }) {
  const reason = useReason();
  return (
    <ReasonDialog
      title="Release this hold early"
      description="The money becomes available now."
      confirmLabel="Release hold"
      pending={false}
      onConfirm={() => {
        const why = reason.check();
        if (why !== null) onReason(why);
      }}
      onCancel={vi.fn()}
      reason={reason}
      reasonHint="Kept in the audit log."
      serverError={null}
    >
      <p>Check 1042</p>
    </ReasonDialog>
  );
}

describe('the reason dialog', () => {
  it('refuses a missing reason beside its field, then takes a trimmed one on Enter', async () => {
    const user = userEvent.setup();
    const onReason = vi.fn();
    render(<Harness onReason={onReason} />);
    await user.click(screen.getByRole('button', { name: 'Release hold' }));
    const field = screen.getByLabelText('Reason');
    expect(onReason).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Kept in the audit log. Give a reason (at least 3 characters)');
    await user.type(field, '  customer called  ');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.keyboard('{Enter}');
    expect(onReason).toHaveBeenCalledWith('customer called');
  });
});
