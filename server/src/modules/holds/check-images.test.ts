import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IMAGE_BYTES_MAX, CHECK_IMAGE_QUOTA_BYTES, errorCatalogue } from '@larkspur/contract';
import { checkImages, depositHolds } from '../../db/schema/index';
import { checkMicr, checkPhotos } from '../../test/check-images';
import { JSON_HEADERS, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { CHECK_IMAGE_STORED_SIDE_MAX_PX, normaliseCheckImage } from '../ledger/deposits/check-images';

/**
 * Issue 13 point 2: uploads can no longer fill the disk. Every photo is decoded and re-encoded;
 * what does not decode, or would decode to too many pixels, is refused; each customer has a quota.
 */
let t: TestApp;
let checkNumber = 9000;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const base64 = (bytes: Buffer) => bytes.toString('base64');

function deposit(c: SignedUpCustomer, images: Record<string, unknown>) {
  checkNumber += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie: c.cookie },
    payload: { amount: '10.00', checkNumber: String(checkNumber), ...images, ...checkMicr() },
  });
}

describe('check photos', () => {
  it('refuses a fake JPEG: the magic bytes and then junk', async () => {
    const alice = await signUpCustomer(t);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(4096)]);
    const photos = await checkPhotos();
    const res = await deposit(alice, {
      ...photos,
      frontImage: { contentType: 'image/jpeg', dataBase64: base64(fake) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_CHECK_IMAGE', field: 'frontImage' });
    const stored = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(checkImages);
    expect(stored[0]?.n).toBe(0);
  });

  it('stores a 5 MB photo as a far smaller JPEG of bounded size', async () => {
    // Noise does not compress: a PNG of random pixels just under the 5 MB upload limit.
    const width = 1300;
    const height = 1000;
    const big = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(big.length).toBeLessThanOrEqual(CHECK_IMAGE_BYTES_MAX);
    const alice = await signUpCustomer(t);
    const photos = await checkPhotos();
    const res = await deposit(alice, {
      ...photos,
      backImage: { contentType: 'image/png', dataBase64: base64(big) },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ bytes: checkImages.bytes, contentType: checkImages.contentType })
      .from(checkImages)
      .where(eq(checkImages.recordId, res.json().transaction.id))
      .orderBy(checkImages.side);
    expect(row?.contentType).toBe('image/jpeg');
    const backs = await t.database.db
      .select({ bytes: checkImages.bytes })
      .from(checkImages)
      .where(sql`${checkImages.recordId} = ${res.json().transaction.id} and ${checkImages.side} = 'back'`);
    const stored = backs[0]!.bytes;
    expect(stored.length).toBeLessThan(big.length / 3);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(CHECK_IMAGE_STORED_SIDE_MAX_PX);
  });

  it('refuses a decompression bomb quickly, before decoding it', async () => {
    // 7,000 × 6,000 pixels of one colour: a small file that would decode to 126 MB.
    const bomb = await sharp({
      create: { width: 7_000, height: 6_000, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(CHECK_IMAGE_BYTES_MAX);
    const started = Date.now();
    await expect(
      normaliseCheckImage('front', { contentType: 'image/png', dataBase64: base64(bomb) }),
    ).rejects.toMatchObject({ code: 'CHECK_IMAGE_TOO_LARGE' });
    expect(Date.now() - started).toBeLessThan(1_000);
    const alice = await signUpCustomer(t);
    const photos = await checkPhotos();
    const res = await deposit(alice, {
      ...photos,
      frontImage: { contentType: 'image/png', dataBase64: base64(bomb) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(errorCatalogue.CHECK_IMAGE_TOO_LARGE.message);
  }, 60_000);

  it('refuses a photo whose content is not the type it claims', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    await expect(
      normaliseCheckImage('back', { contentType: 'image/jpeg', dataBase64: base64(png) }),
    ).rejects.toMatchObject({ code: 'INVALID_CHECK_IMAGE', field: 'backImage' });
  });

  it('keeps each customer within a storage quota', async () => {
    const alice = await signUpCustomer(t);
    expect((await deposit(alice, await checkPhotos())).statusCode).toBe(201);
    // Fill the quota: grow the stored photo of the first deposit to the quota.
    const [hold] = await t.database.db
      .select()
      .from(depositHolds)
      .where(eq(depositHolds.userId, alice.userId));
    await t.database.db
      .update(checkImages)
      .set({ bytes: Buffer.alloc(CHECK_IMAGE_QUOTA_BYTES - 100) })
      .where(sql`${checkImages.recordId} = ${hold!.recordId} and ${checkImages.side} = 'front'`);
    const res = await deposit(alice, await checkPhotos());
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'CHECK_IMAGE_QUOTA_EXCEEDED',
      message: errorCatalogue.CHECK_IMAGE_QUOTA_EXCEEDED.message,
    });
    // Another customer is not affected.
    const bob = await signUpCustomer(t);
    expect((await deposit(bob, await checkPhotos())).statusCode).toBe(201);
  });
});
