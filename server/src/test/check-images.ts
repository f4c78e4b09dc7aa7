import zlib from 'node:zlib';
import sharp from 'sharp';
import { randomMicrLine } from '@larkspur/contract';

/**
 * Small, real check photos for tests: every one distinct (its pixels carry a counter), so that
 * the duplicate-photo rule never refuses a test's second deposit by accident.
 */
let counter = 0;

export async function checkPhoto(
  format: 'jpeg' | 'png' = 'jpeg',
  size: { width: number; height: number } = { width: 64, height: 32 },
): Promise<{ contentType: 'image/jpeg' | 'image/png'; dataBase64: string }> {
  counter += 1;
  const n = counter;
  const image = sharp({
    create: {
      width: size.width,
      height: size.height,
      channels: 3,
      background: { r: n % 256, g: Math.floor(n / 256) % 256, b: (n * 7) % 256 },
    },
  });
  const bytes = format === 'jpeg' ? await image.jpeg().toBuffer() : await image.png().toBuffer();
  return {
    contentType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
    dataBase64: bytes.toString('base64'),
  };
}

/** A front and a back photo for one check deposit. */
export async function checkPhotos(): Promise<{
  frontImage: Awaited<ReturnType<typeof checkPhoto>>;
  backImage: Awaited<ReturnType<typeof checkPhoto>>;
}> {
  return { frontImage: await checkPhoto('jpeg'), backImage: await checkPhoto('png') };
}

/**
 * The routing and payer account numbers of a check's MICR line (decision 0192), valid and unique
 * to the test: the duplicate-check rule is bank-wide, and test files share a database.
 */
export function checkMicr(): { routingNumber: string; payerAccountNumber: string } {
  const { routingNumber, payerAccountNumber } = randomMicrLine();
  return { routingNumber, payerAccountNumber };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A hostile PNG built by hand: a header that declares `width` × `height` pixels of 16-bit RGBA,
 * Adam7-interlaced (an interlaced image cannot be decoded a few rows at a time: the decoder holds
 * all of it), followed by a little pixel data. The file is a few hundred bytes; what it declares
 * would take `width × height × 8` bytes to decode.
 */
export function sixteenBitInterlacedPngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 16; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter
  ihdr[12] = 1; // interlace: Adam7
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, complete 16-bit interlaced PNG (a smooth gradient, so it stays small on disk). */
export async function sixteenBitInterlacedPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4 * 2);
  for (let i = 0; i < width * height * 4; i += 97) raw.writeUInt16LE((i * 31) & 0xffff, i * 2);
  // 16-bit samples: sharp reads `depth` from raw input, though its types leave it out.
  const layout = { width, height, channels: 4 as const, depth: 'ushort' };
  return sharp(raw, { raw: layout })
    .toColourspace('rgb16')
    .png({ progressive: true, compressionLevel: 6 })
    .toBuffer();
}
