import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayeeNameCheck } from '@larkspur/contract';
import { PayeeCheck } from './payee-check';

type Answer = { accountNumber: string; maskedName?: string; check?: PayeeNameCheck };

function answered(data: Answer): UseQueryResult<Answer, Error> {
  return { data, error: null, isFetching: false } as unknown as UseQueryResult<Answer, Error>;
}

function Harness({ data, onUseName }: { data: Answer; onUseName: (name: string) => void }) {
  const form = useForm<{ confirmPayeeRisk?: boolean }>();
  return (
    <PayeeCheck
      lookup={answered(data)}
      international={false}
      onUseName={onUseName}
      confirm={form.register('confirmPayeeRisk')}
      confirmError={undefined}
      needsConfirm={false}
    />
  );
}

const confirmLabel = 'I understand the name does not match and I still want to pay this account';

afterEach(cleanup);

describe('the name check under the recipient (decision 0155)', () => {
  it('says a match plainly, with the masked name only and no tick to give', () => {
    render(
      <Harness
        data={{ accountNumber: '1', maskedName: 'Marcus R.', check: { result: 'match' } }}
        onUseName={vi.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Name matches: you are paying Marcus R.');
    expect(screen.queryByLabelText(confirmLabel)).toBeNull();
  });

  it('offers the name on the account for a close match, and the tick', async () => {
    const onUseName = vi.fn();
    render(
      <Harness
        data={{ accountNumber: '1', check: { result: 'close_match', accountName: 'Marcus Reed' } }}
        onUseName={onUseName}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The name on this account is Marcus Reed — did you mean that?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use Marcus Reed' }));
    expect(onUseName).toHaveBeenCalledWith('Marcus Reed');
    expect(screen.getByLabelText(confirmLabel)).not.toBeChecked();
  });

  it('warns on a no match naming nobody (issue 28), and asks for the tick', () => {
    render(<Harness data={{ accountNumber: '1', check: { result: 'no_match' } }} onUseName={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The name you entered does not match the name on this account. Check the name with the person you are paying.',
    );
    expect(screen.getByRole('status').textContent).not.toMatch(/\(|Marcus/);
    expect(screen.getByLabelText(confirmLabel)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('before a name is typed says only that the account is ours (decision 0199)', () => {
    render(<Harness data={{ accountNumber: '1' }} onUseName={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'This is a Larkspur Bank account. Enter the name on it and we will check it.',
    );
    expect(screen.queryByLabelText(confirmLabel)).toBeNull();
  });
});
