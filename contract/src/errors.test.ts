import { describe, expect, it } from 'vitest';
import { errorCatalogue, humanWait, rateLimitedMessage } from './errors';

describe('humanWait', () => {
  it.each([
    [0.2, '1 second'],
    [1, '1 second'],
    [29.1, '30 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [90, '2 minutes'],
    [3599, '60 minutes'],
    [3600, '1 hour'],
    [3601, '2 hours'],
  ])('says %s s as "%s", rounded up', (seconds, words) => {
    expect(humanWait(seconds)).toBe(words);
  });
});

describe('rateLimitedMessage', () => {
  it('says the wait when it is known', () => {
    expect(rateLimitedMessage(100)).toBe('Too many requests. Please wait 2 minutes and try again.');
  });

  it('falls back to the catalogue message when it is not', () => {
    for (const unknown of [null, 0, -5, Number.NaN]) {
      expect(rateLimitedMessage(unknown)).toBe(errorCatalogue.RATE_LIMITED.message);
    }
  });
});
