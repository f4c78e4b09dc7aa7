import sharp from 'sharp';

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
