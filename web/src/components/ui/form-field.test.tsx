import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AmountField, SearchBox, SecretField, SelectField, TextAreaField, TextField } from './form-field';

afterEach(cleanup);

// Each member of the family, rendered with a hint and an error: the shell must tie both to it.
const members = [
  ['TextField', () => <TextField label="Name" hint="As on your ID." error="Enter the name" />],
  ['SecretField', () => <SecretField label="Password" hint="At least 12." error="Enter the password" />],
  ['AmountField', () => <AmountField label="Amount" hint="In dollars." error="Enter the amount" />],
  ['SearchBox', () => <SearchBox label="Search" hint="A name." error="Too long" />],
  ['TextAreaField', () => <TextAreaField label="Note" hint="Kept private." error="Enter a note" />],
  ['SelectField', () => <SelectField label="Type" options={['A']} hint="Pick one." error="Choose a type" />],
] as const;

describe('the form field family', () => {
  it.each(members)('%s ties its label, hint and error to its control', (_name, field) => {
    render(field());
    const label = document.querySelector('label');
    const control = screen.getByLabelText(label?.textContent ?? '');
    expect(control).toHaveAttribute('aria-invalid', 'true');
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toHaveLength(2);
    const [hint, error] = described.map((id) => document.getElementById(id)?.textContent);
    expect(hint).toMatch(/\.$/);
    expect(error).toMatch(/^(Enter|Too|Choose)/);
  });

  it('says nothing extra when there is no hint or error', () => {
    render(<TextField label="Name" />);
    const control = screen.getByLabelText('Name');
    expect(control).not.toHaveAttribute('aria-invalid');
    expect(control).not.toHaveAttribute('aria-describedby');
  });

  it('shows and hides a secret with a button that names it', async () => {
    const user = userEvent.setup();
    render(<SecretField label="Confirm password" secretName="password confirmation" />);
    const input = screen.getByLabelText('Confirm password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password confirmation' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password confirmation' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('masks a secret that is not a password without making it one', () => {
    render(<SecretField label="SSN" secretName="SSN" hideAs="mask" />);
    expect(screen.getByLabelText('SSN')).toHaveAttribute('type', 'text');
  });
});
