import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPhotoMessages } from './check-image';
import { CheckPhotoField } from './check-photo-field';

afterEach(cleanup);

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];

function renderField() {
  const onChange = vi.fn();
  const onError = vi.fn();
  render(
    <CheckPhotoField side="front" photo={null} error={undefined} onChange={onChange} onError={onError} />,
  );
  const input = screen.getByLabelText(/Choose photo/);
  return { input, onChange, onError };
}

describe('<CheckPhotoField> on a phone', () => {
  it('offers the rear camera for JPEG and PNG photos', () => {
    const { input } = renderField();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
  });

  it('refuses a file named .png whose bytes are not an image, before any upload', async () => {
    const { input, onChange, onError } = renderField();
    const fake = new File(['%PDF-1.7 not a photo'], 'check.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [fake] } });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(checkPhotoMessages.content));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('takes a real PNG and hands it on with a preview', async () => {
    const { input, onChange, onError } = renderField();
    const png = new File([new Uint8Array(PNG_HEAD)], 'front.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    const photo = onChange.mock.calls[0]?.[0] as { contentType: string; dataUrl: string } | null;
    expect(photo?.contentType).toBe('image/png');
    expect(photo?.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(onError).toHaveBeenCalledWith(undefined);
  });
});
