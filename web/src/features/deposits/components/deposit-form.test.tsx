import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, type Profile } from '@larkspur/contract';
import type { CheckPhoto } from './check-image';
import { DepositForm, type DepositDraft } from './deposit-form';

afterEach(cleanup);

const profile = { currency: 'USD', balance: '0.00', availableBalance: '0.00' } as Profile;
const photo = (side: string): CheckPhoto => ({
  name: `${side}.png`,
  sizeBytes: 1,
  contentType: 'image/png',
  dataBase64: 'AAAA',
  dataUrl: 'data:image/png;base64,AAAA',
});
const draft: DepositDraft = {
  values: {
    amount: '25.00',
    routingNumber: '021000021',
    payerAccountNumber: '1234567890',
    checkNumber: '7001',
  },
  front: photo('front'),
  back: photo('back'),
};

describe('<DepositForm> after the server refused the deposit', () => {
  it('shows the refusal beside its field, and goes on to the review once it is corrected', async () => {
    const onReview = vi.fn();
    const user = userEvent.setup();
    render(
      <DepositForm
        profile={profile}
        draft={draft}
        serverError={{ field: 'checkNumber', message: errorMessage('DUPLICATE_CHECK_NUMBER') }}
        onReview={onReview}
      />,
    );
    const checkNumber = screen.getByLabelText('Check number');
    expect(checkNumber).toHaveAccessibleDescription(
      expect.stringContaining(errorMessage('DUPLICATE_CHECK_NUMBER')) as string,
    );
    await user.clear(checkNumber);
    await user.type(checkNumber, '7003');
    // Gone as soon as the number is edited, not at the blur that pressing Review causes: there it
    // moved the button from under the pointer and the click was lost.
    expect(screen.queryByText(errorMessage('DUPLICATE_CHECK_NUMBER'))).toBeNull();
    expect(checkNumber).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Review deposit' }));
    expect(onReview).toHaveBeenCalledWith({ ...draft, values: { ...draft.values, checkNumber: '7003' } });
  });

  it('puts a limit refusal under the amount', async () => {
    render(
      <DepositForm
        profile={profile}
        draft={draft}
        serverError={{ field: 'amount', message: errorMessage('CHECK_DAILY_LIMIT_EXCEEDED') }}
        onReview={vi.fn()}
      />,
    );
    expect(await screen.findByText(errorMessage('CHECK_DAILY_LIMIT_EXCEEDED'))).toBeVisible();
  });
});
