import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileDetails } from './profile-details';
import { robinProfile } from '@/test/fixtures';

const profile = robinProfile;

afterEach(cleanup);

describe('the profile’s account details', () => {
  it('names the customer by a short reference, never the raw UUID', () => {
    const { container } = render(<ProfileDetails profile={profile} />);
    expect(screen.getByText('Customer reference').nextElementSibling).toHaveTextContent('0B9F-3F0E');
    expect(container).not.toHaveTextContent(profile.uid);
  });
});
