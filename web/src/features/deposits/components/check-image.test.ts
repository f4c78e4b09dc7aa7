import { describe, expect, it } from 'vitest';
import { CHECK_IMAGE_BYTES_MAX, errorMessage } from '@larkspur/contract';
import { checkFileProblem, checkPhotoMessages, readCheckPhoto, sniffImageType } from './check-image';
import { balanceAfterDeposit, toDepositRequest } from './deposit-review';
import {
  fieldOfDepositError,
  PHOTO_REQUIRED,
  validateDepositFields,
  validateDepositPhotos,
} from './deposit-validation';

/** A valid routing and payer account number from a check's MICR line (decision 0192). */
const MICR = { routingNumber: '021000021', payerAccountNumber: '1234567890' };

// The smallest valid images there are: a 1×1 PNG and the first bytes of a JPEG.
const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) =>
  new File([bytes], name, { type });

describe('check photo checks, before anything is uploaded', () => {
  it('accepts JPEG and PNG up to 5 MB, and nothing else', () => {
    expect(checkFileProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(checkFileProblem({ type: 'image/jpeg', size: CHECK_IMAGE_BYTES_MAX })).toBeNull();
    expect(checkFileProblem({ type: 'image/jpeg', size: CHECK_IMAGE_BYTES_MAX + 1 })).toBe(
      checkPhotoMessages.size,
    );
    expect(checkFileProblem({ type: 'image/gif', size: 10 })).toBe(checkPhotoMessages.type);
    expect(checkFileProblem({ type: 'application/pdf', size: 10 })).toBe(checkPhotoMessages.type);
    expect(checkFileProblem({ type: 'image/png', size: 0 })).toBe(checkPhotoMessages.empty);
  });

  it('knows a format by its first bytes', () => {
    expect(sniffImageType(PNG_BYTES)).toBe('image/png');
    expect(sniffImageType(JPEG_BYTES)).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('reads a PNG as base64 with a data: URL for the preview', async () => {
    const result = await readCheckPhoto(file(PNG_BYTES, 'front.png', 'image/png'));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.photo.contentType).toBe('image/png');
      expect(Uint8Array.from(atob(result.photo.dataBase64), (c) => c.charCodeAt(0))).toEqual(PNG_BYTES);
      expect(result.photo.dataUrl).toBe(`data:image/png;base64,${result.photo.dataBase64}`);
    }
  });

  it('goes by the bytes, not the name: a PNG called .jpg is sent as a PNG; text called .png is refused', async () => {
    const renamed = await readCheckPhoto(file(PNG_BYTES, 'front.jpg', 'image/jpeg'));
    expect(renamed.ok && renamed.photo.contentType).toBe('image/png');
    const fake = await readCheckPhoto(
      file(new TextEncoder().encode('not an image at all'), 'x.png', 'image/png'),
    );
    expect(fake).toEqual({ ok: false, error: checkPhotoMessages.content });
  });

  it('refuses an oversized file without reading it', async () => {
    const big = new File([new Uint8Array(CHECK_IMAGE_BYTES_MAX + 1)], 'big.png', { type: 'image/png' });
    expect(await readCheckPhoto(big)).toEqual({ ok: false, error: checkPhotoMessages.size });
  });
});

describe('the deposit review', () => {
  it('adds in integer cents', () => {
    expect(balanceAfterDeposit('0.10', '0.20')).toBe('0.30');
    expect(balanceAfterDeposit('999.99', '0.01')).toBe('1000.00');
    expect(balanceAfterDeposit('10.00', 'x')).toBeNull();
  });

  const photo = {
    name: 'f.png',
    sizeBytes: 1,
    contentType: 'image/png' as const,
    dataBase64: 'AAAA',
    dataUrl: '',
  };

  it('sends the photos as the API takes them', () => {
    expect(
      toDepositRequest({
        values: { amount: ' 12.5 ', ...MICR, checkNumber: '1001' },
        front: photo,
        back: { ...photo, contentType: 'image/jpeg', dataBase64: 'BBBB' },
      }),
    ).toEqual({
      amount: '12.50',
      checkNumber: '1001',
      ...MICR,
      frontImage: { contentType: 'image/png', dataBase64: 'AAAA' },
      backImage: { contentType: 'image/jpeg', dataBase64: 'BBBB' },
    });
  });

  it('asks for both photos, as the contract requires them', () => {
    expect(validateDepositPhotos({ front: null, back: null })).toEqual(PHOTO_REQUIRED);
    expect(validateDepositPhotos({ front: photo, back: null })).toEqual({ back: PHOTO_REQUIRED.back });
    expect(validateDepositPhotos({ front: null, back: photo })).toEqual({ front: PHOTO_REQUIRED.front });
    expect(validateDepositPhotos({ front: photo, back: photo })).toEqual({});
  });

  it('refuses a check over the per-check limit in the server’s words, before uploading', () => {
    expect(validateDepositFields({ amount: '10000.00', ...MICR, checkNumber: '1' })).toEqual({});
    expect(validateDepositFields({ amount: '10000.01', ...MICR, checkNumber: '1' })).toEqual({
      amount: errorMessage('CHECK_AMOUNT_OVER_LIMIT'),
    });
    expect(validateDepositFields({ amount: '9999999.99', ...MICR, checkNumber: '1' })).toEqual({
      amount: errorMessage('CHECK_AMOUNT_OVER_LIMIT'),
    });
  });

  it('puts the server’s refusals beside the field they are about', () => {
    expect(fieldOfDepositError({ field: undefined, code: 'CHECK_DAILY_LIMIT_EXCEEDED' })).toBe('amount');
    expect(fieldOfDepositError({ field: undefined, code: 'CHECK_30_DAY_LIMIT_EXCEEDED' })).toBe('amount');
    expect(fieldOfDepositError({ field: undefined, code: 'DUPLICATE_CHECK_NUMBER' })).toBe('checkNumber');
    expect(fieldOfDepositError({ field: 'backImage', code: 'INVALID_CHECK_IMAGE' })).toBe('backImage');
    expect(fieldOfDepositError({ field: undefined, code: 'DUPLICATE_CHECK_IMAGE' })).toBeUndefined();
  });

  it('says "Invalid deposit amount." for an amount that is not more than zero', () => {
    expect(validateDepositFields({ amount: '0', ...MICR, checkNumber: '12' })).toEqual({
      amount: errorMessage('INVALID_DEPOSIT_AMOUNT'),
    });
    expect(validateDepositFields({ amount: '12.50', ...MICR, checkNumber: 'abc' })).toEqual({
      checkNumber: 'Enter the check number (digits only)',
    });
    expect(validateDepositFields({ amount: '12.50', ...MICR, checkNumber: '1001' })).toEqual({});
  });
});
