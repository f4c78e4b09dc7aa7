import crypto from 'node:crypto';
import sharp from 'sharp';
import { CHECK_IMAGE_BYTES_MAX, CHECK_IMAGE_PIXELS_MAX } from '@larkspur/contract';
import { createBoundedGate, GateFull } from '../../../lib/bounded-gate';
import { AppError } from '../../../lib/errors';

/**
 * Check photos are decoded and re-encoded before they are stored (issue 13 point 2, decision
 * 0073): what is kept is a JPEG we wrote, bounded in size, never the bytes a client sent. A file
 * that does not decode is refused; so is one whose header claims more pixels than a check photo
 * needs (a decompression bomb), or more memory than a check photo needs (a 16-bit or interlaced
 * image, issue 27 finding 5, decision 0191), before any pixel is decoded. Decoding itself runs a
 * few photos at a time (`decodeGate`), so that a flood of photos cannot take every core and the
 * thread pool that sign-in's password hashing also needs.
 */

/** Stored photos are at most this wide and this tall (a check is legible at 1600 px). */
export const CHECK_IMAGE_STORED_SIDE_MAX_PX = 1600;
/** JPEG quality of the stored photo. */
export const CHECK_IMAGE_JPEG_QUALITY = 80;
/** A stored photo larger than this is refused (only noise compresses this badly at this size). */
export const CHECK_IMAGE_STORED_BYTES_MAX = 1024 * 1024;
export const STORED_CHECK_IMAGE_TYPE = 'image/jpeg';
/**
 * The most memory (bytes) the decoder may need for a photo it must hold whole: an interlaced PNG,
 * a progressive JPEG or 16-bit samples cannot be shrunk while they are read, so they cost width ×
 * height × channels × bytes per sample. 48 MiB fits a 12-megapixel phone photo saved as a
 * progressive JPEG (36 MB); a 3,000 × 3,000 16-bit RGBA PNG (72 MB) does not.
 */
export const CHECK_IMAGE_BUFFERED_DECODE_BYTES_MAX = 48 * 1024 * 1024;
/** Photos decoded at once in this process; the rest wait (decision 0191). Two of two cores at most. */
export const CHECK_IMAGE_DECODES_IN_FLIGHT_MAX = 2;
/** Photos that may wait for a decoder; past this a deposit is answered 503 at once. */
export const CHECK_IMAGE_DECODES_WAITING_MAX = 8;
/** How long a photo may wait for a decoder before its deposit is answered 503. */
export const CHECK_IMAGE_DECODE_WAIT_MS = 10_000;
/** Retry-After (seconds) of a deposit refused because the decoders are busy. */
export const CHECK_IMAGE_BUSY_RETRY_AFTER_S = 30;

/** One per process: the limit is on this process's cores and memory. */
const decodeGate = createBoundedGate({
  inFlightMax: CHECK_IMAGE_DECODES_IN_FLIGHT_MAX,
  waitingMax: CHECK_IMAGE_DECODES_WAITING_MAX,
  waitMs: CHECK_IMAGE_DECODE_WAIT_MS,
});

export interface StoredCheckImage {
  side: 'front' | 'back';
  contentType: typeof STORED_CHECK_IMAGE_TYPE;
  bytes: Buffer;
  /** SHA-256 (hex) of the photo as uploaded: the same file twice is the same check (decision 0072). */
  sha256: string;
}

export interface CheckImageInput {
  contentType: 'image/jpeg' | 'image/png';
  dataBase64: string;
}

/** True when the bytes are what the content type claims (magic numbers), within the size limit. */
export function isValidCheckImage(image: CheckImageInput): Buffer | null {
  const bytes = Buffer.from(image.dataBase64, 'base64');
  if (bytes.length === 0 || bytes.length > CHECK_IMAGE_BYTES_MAX) return null;
  // Re-encoding must give back the input: rejects anything that was not clean base64.
  if (bytes.toString('base64').replace(/=+$/, '') !== image.dataBase64.replace(/=+$/, '')) return null;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (image.contentType === 'image/jpeg' ? !jpeg : !png) return null;
  return bytes;
}

const FORMAT_OF_TYPE = { 'image/jpeg': 'jpeg', 'image/png': 'png' } as const;

export async function normaliseCheckImage(
  side: 'front' | 'back',
  image: CheckImageInput,
): Promise<StoredCheckImage> {
  const field = `${side}Image`;
  const uploaded = isValidCheckImage(image);
  if (!uploaded) throw new AppError('INVALID_CHECK_IMAGE', { field });
  const options = { limitInputPixels: CHECK_IMAGE_PIXELS_MAX, failOn: 'error' as const };
  let metadata: sharp.Metadata;
  try {
    // The header only: the dimensions are known before anything is decoded (no pixel limit
    // here, so that a bomb is told apart from a broken file and refused with its own message).
    metadata = await sharp(uploaded, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('INVALID_CHECK_IMAGE', { field });
  }
  if (metadata.format !== FORMAT_OF_TYPE[image.contentType])
    throw new AppError('INVALID_CHECK_IMAGE', { field });
  if (metadata.width * metadata.height > CHECK_IMAGE_PIXELS_MAX)
    throw new AppError('CHECK_IMAGE_TOO_LARGE', { field });
  if (bufferedDecodeBytes(metadata) > CHECK_IMAGE_BUFFERED_DECODE_BYTES_MAX)
    throw new AppError('CHECK_IMAGE_TOO_COSTLY', { field });
  let bytes: Buffer;
  try {
    bytes = await decodeGate.run(() =>
      sharp(uploaded, options)
        .rotate()
        .resize({
          width: CHECK_IMAGE_STORED_SIDE_MAX_PX,
          height: CHECK_IMAGE_STORED_SIDE_MAX_PX,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: CHECK_IMAGE_JPEG_QUALITY, mozjpeg: true })
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof GateFull)
      throw new AppError('CHECK_IMAGE_BUSY', { retryAfterSeconds: CHECK_IMAGE_BUSY_RETRY_AFTER_S });
    // Truncated or corrupt pixel data, found while decoding.
    throw new AppError('INVALID_CHECK_IMAGE', { field });
  }
  if (bytes.length > CHECK_IMAGE_STORED_BYTES_MAX) throw new AppError('INVALID_CHECK_IMAGE', { field });
  return {
    side,
    contentType: STORED_CHECK_IMAGE_TYPE,
    bytes,
    sha256: crypto.createHash('sha256').update(uploaded).digest('hex'),
  };
}

/**
 * What the decoder must hold at once for a photo it cannot shrink while reading (interlaced,
 * progressive or 16-bit), from the header alone; 0 for one it can (decision 0191).
 */
function bufferedDecodeBytes(metadata: sharp.Metadata): number {
  const wide = metadata.depth === 'ushort' || metadata.depth === 'short';
  if (!wide && !metadata.isProgressive) return 0;
  const channels = metadata.channels ?? 4;
  return metadata.width * metadata.height * channels * (wide ? 2 : 1);
}
