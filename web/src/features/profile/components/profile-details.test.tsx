import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '@larkspur/contract';
import { ProfileDetails } from './profile-details';

const profile: Profile = {
  uid: '0b9f3f0e-5a51-4c8e-9a7e-2f9b0f1c2d3e',
  firstName: 'Robin',
  surname: 'Tester',
  email: 'robin@example.com',
  phone: '',
  address: '',
  zipCode: '',
  country: '',
  maritalStatus: 'Single',
  occupation: '',
  ssnLast4: '6789',
  dob: '1991-06-15',
  accountNumber: '40911111111',
  balance: '1000.30',
  availableBalance: '1000.30',
  currency: 'USD',
  status: 'active',
  role: 'user',
  avatar: '',
  accountLimit: '50000.00',
  createdAt: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

afterEach(cleanup);

describe('the profile’s account details', () => {
  it('names the customer by a short reference, never the raw UUID', () => {
    const { container } = render(<ProfileDetails profile={profile} />);
    expect(screen.getByText('Customer reference').nextElementSibling).toHaveTextContent('0B9F-3F0E');
    expect(container).not.toHaveTextContent(profile.uid);
  });
});
