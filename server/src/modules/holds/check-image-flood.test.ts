import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_DEPOSITS_PER_HOUR_MAX, errorCatalogue } from '@larkspur/contract';
import {
  checkMicr,
  checkPhotos,
  sixteenBitInterlacedPng,
  sixteenBitInterlacedPngHeader,
} from '../../test/check-images';
import { JSON_HEADERS, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import {
  CHECK_IMAGE_BUSY_RETRY_AFTER_S,
  CHECK_IMAGE_DECODES_IN_FLIGHT_MAX,
  CHECK_IMAGE_DECODES_WAITING_MAX,
} from '../ledger/deposits/check-images';

/**
 * Issue 27 finding 5: check photos are counted, then measured from their header, and only then
 * decoded, a bounded number at a time. A decode is counted where it starts: sharp's `toBuffer`,
 * the one call that reads pixels (`metadata()` reads the header only). The tests make their
 * photos first and count from zero after.
 */
let t: TestApp;
let checkNumber = 40_000;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const base64 = (bytes: Buffer) => bytes.toString('base64');

function deposit(c: SignedUpCustomer, images: Record<string, unknown>) {
  checkNumber += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie: c.cookie },
    payload: { amount: '1.00', checkNumber: String(checkNumber), ...images, ...checkMicr() },
  });
}

type ToBuffer = (this: sharp.Sharp, ...args: unknown[]) => Promise<Buffer>;

/** Counts the decodes started from now on; `hold` makes each wait until `release` is called. */
function countDecodes(options: { hold?: boolean } = {}) {
  const proto = (sharp as unknown as { prototype: { toBuffer: ToBuffer } }).prototype;
  const original = proto.toBuffer;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const counts = { started: 0, finished: 0, release };
  vi.spyOn(proto, 'toBuffer').mockImplementation(async function (this: sharp.Sharp, ...args: unknown[]) {
    counts.started += 1;
    if (options.hold) await held;
    try {
      return await original.apply(this, args);
    } finally {
      counts.finished += 1;
    }
  } as ToBuffer);
  return counts;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1_000 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error(`Timed out waiting for ${what}`);
}

describe('check photos are counted before they are decoded', () => {
  it('a refused photo counts toward the hourly limit, and nothing past the limit is decoded', async () => {
    const mallory = await signUpCustomer(t);
    const photos = await checkPhotos();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(4096)]);
    for (let i = 0; i < CHECK_DEPOSITS_PER_HOUR_MAX; i += 1) {
      const bad = await deposit(mallory, {
        ...photos,
        frontImage: { contentType: 'image/jpeg', dataBase64: base64(fake) },
      });
      expect(bad.statusCode).toBe(400);
    }
    const decodes = countDecodes();
    const res = await deposit(mallory, photos);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'CHECK_DEPOSIT_RATE_LIMITED',
      message: errorCatalogue.CHECK_DEPOSIT_RATE_LIMITED.message,
    });
    expect(decodes.started).toBe(0);
    // Another customer is not affected.
    const bob = await signUpCustomer(t);
    expect((await deposit(bob, await checkPhotos())).statusCode).toBe(201);
  });

  it('refuses a 16-bit interlaced PNG by its declared dimensions, before decoding it', async () => {
    const alice = await signUpCustomer(t);
    const photos = await checkPhotos();
    // 6,000 × 6,000 of 16-bit RGBA: 288 MB to decode, declared in a file of a few hundred bytes.
    const declared = sixteenBitInterlacedPngHeader(6_000, 6_000);
    // A complete one, 2,600 × 2,600: under 1 MB on disk, 54 MB and seconds of CPU to decode.
    const complete = await sixteenBitInterlacedPng(2_600, 2_600);
    const decodes = countDecodes();
    for (const bytes of [declared, complete]) {
      const res = await deposit(alice, {
        ...photos,
        frontImage: { contentType: 'image/png', dataBase64: base64(bytes) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'CHECK_IMAGE_TOO_COSTLY',
        field: 'frontImage',
        message: errorCatalogue.CHECK_IMAGE_TOO_COSTLY.message,
      });
    }
    expect(decodes.started).toBe(0);
  }, 30_000);

  it("one customer's flood of deposits is bounded, and another customer signs in meanwhile", async () => {
    const mallory = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const flood = 4 + CHECK_DEPOSITS_PER_HOUR_MAX;
    const photos = await Promise.all(Array.from({ length: flood }, () => checkPhotos()));
    const decodes = countDecodes({ hold: true });
    const answers = Promise.all(photos.map((p) => deposit(mallory, p)));
    await until(() => decodes.started >= CHECK_IMAGE_DECODES_IN_FLIGHT_MAX, 'the first decodes');
    // Every decode is held: the flood has taken all it may of the decoder.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...JSON_HEADERS, cookie: bob.browser },
      payload: { accountNumber: bob.accountNumber, password: bob.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(decodes.finished).toBe(0);
    expect(decodes.started).toBe(CHECK_IMAGE_DECODES_IN_FLIGHT_MAX);
    decodes.release();
    const statuses = (await answers).map((res) => res.statusCode);
    // Past the hourly limit nothing is decoded: at most two photos for each counted deposit.
    expect(statuses.filter((s) => s === 429)).toHaveLength(flood - CHECK_DEPOSITS_PER_HOUR_MAX);
    expect(decodes.started).toBeLessThanOrEqual(2 * CHECK_DEPOSITS_PER_HOUR_MAX);
    expect(statuses.every((s) => [201, 429, 503].includes(s))).toBe(true);
  }, 60_000);

  it('answers 503 with Retry-After at once when every decoder is busy and the queue is full', async () => {
    const customers = await Promise.all([signUpCustomer(t), signUpCustomer(t), signUpCustomer(t)]);
    const perCustomer = 6;
    const photos = await Promise.all(
      Array.from({ length: customers.length * perCustomer }, () => checkPhotos()),
    );
    const decodes = countDecodes({ hold: true });
    const settled: number[] = [];
    const answers = photos.map((p, i) =>
      deposit(customers[i % customers.length]!, p).then((res) => {
        settled.push(res.statusCode);
        return res;
      }),
    );
    const queued = CHECK_IMAGE_DECODES_IN_FLIGHT_MAX + CHECK_IMAGE_DECODES_WAITING_MAX;
    // Which deposits get a place is a race; the others are answered while every decode is held.
    await until(() => settled.length >= photos.length - queued, 'the refusals');
    expect(settled.every((status) => status === 503)).toBe(true);
    expect(decodes.finished).toBe(0);
    expect(decodes.started).toBe(CHECK_IMAGE_DECODES_IN_FLIGHT_MAX);
    decodes.release();
    const all = await Promise.all(answers);
    const busy = all.filter((res) => res.statusCode === 503);
    expect(busy).toHaveLength(photos.length - queued);
    for (const res of busy) {
      expect(res.headers['retry-after']).toBe(String(CHECK_IMAGE_BUSY_RETRY_AFTER_S));
      expect(res.json().error).toMatchObject({
        code: 'CHECK_IMAGE_BUSY',
        message: errorCatalogue.CHECK_IMAGE_BUSY.message,
      });
    }
    expect(all.filter((res) => res.statusCode === 201)).toHaveLength(queued);
  }, 60_000);
});
