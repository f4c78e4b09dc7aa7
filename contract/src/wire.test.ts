import { describe, expect, it } from 'vitest';
import {
  isExternalWire,
  isValidAbaRoutingNumber,
  LARKSPUR_ROUTING_NUMBER,
  namesLarkspurBank,
} from './aba-routing';
import { federalReserveHolidays, wireSendDate } from './wire';

describe('ABA routing numbers (decision 0206)', () => {
  it('accepts nine digits with a valid check digit, ours included', () => {
    expect(isValidAbaRoutingNumber('011000015')).toBe(true);
    expect(isValidAbaRoutingNumber('021000021')).toBe(true);
    expect(isValidAbaRoutingNumber(LARKSPUR_ROUTING_NUMBER)).toBe(true);
  });
  it('refuses a mistyped digit, swapped neighbours, all zeros and anything not nine digits', () => {
    expect(isValidAbaRoutingNumber('021000022')).toBe(false);
    expect(isValidAbaRoutingNumber('012000021')).toBe(false);
    expect(isValidAbaRoutingNumber('000000000')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002')).toBe(false);
    expect(isValidAbaRoutingNumber('0210000210')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002a')).toBe(false);
  });
  it('knows our own name however it is spelled', () => {
    expect(namesLarkspurBank('Larkspur Bank')).toBe(true);
    expect(namesLarkspurBank(' larkspur ')).toBe(true);
    expect(namesLarkspurBank('Chase')).toBe(false);
  });
});

describe('the wire cut-off (decision 0206)', () => {
  it('before 5:00 pm New York time on a business day: sent the same day', () => {
    // Tuesday 1 December 2026, 21:59 UTC = 4:59 pm EST.
    expect(wireSendDate(new Date('2026-12-01T21:59:00Z'))).toEqual({ sendsOn: '2026-12-01', sameDay: true });
  });
  it('at or after the cut-off: the next business day, over a weekend', () => {
    expect(wireSendDate(new Date('2026-12-01T22:00:00Z'))).toEqual({ sendsOn: '2026-12-02', sameDay: false });
    // Friday 4 December 2026, 6 pm EST → Monday 7 December.
    expect(wireSendDate(new Date('2026-12-04T23:00:00Z'))).toEqual({ sendsOn: '2026-12-07', sameDay: false });
    // Saturday morning → Monday.
    expect(wireSendDate(new Date('2026-12-05T15:00:00Z'))).toEqual({ sendsOn: '2026-12-07', sameDay: false });
  });
  it('in summer time the cut-off is 21:00 UTC', () => {
    expect(wireSendDate(new Date('2026-07-14T20:59:00Z')).sameDay).toBe(true);
    expect(wireSendDate(new Date('2026-07-14T21:00:00Z')).sameDay).toBe(false);
  });
  it("skips the Federal Reserve's holidays: Thanksgiving, and Christmas on a Friday", () => {
    // Wednesday 25 November 2026 after the cut-off → Friday 27 (Thursday 26 is Thanksgiving).
    expect(wireSendDate(new Date('2026-11-25T23:30:00Z')).sendsOn).toBe('2026-11-27');
    // Thursday 24 December 2026 after the cut-off → Monday 28.
    expect(wireSendDate(new Date('2026-12-24T23:30:00Z')).sendsOn).toBe('2026-12-28');
    // A fixed holiday on a Sunday is kept on the Monday: 4 July 2027 → Monday 5 July.
    expect(federalReserveHolidays(2027).has('2027-07-05')).toBe(true);
    // A fixed holiday on a Saturday is not moved (the Fed stays open): 1 January 2028.
    expect(federalReserveHolidays(2027).has('2027-12-31')).toBe(false);
  });
});

describe('isExternalWire: the one statement of where a wire goes (decision 0206)', () => {
  it('is a wire to any routing number but ours, typed with spaces or not given', () => {
    expect(isExternalWire({ type: 'Wire Transfer', routingNumber: '021000021' })).toBe(true);
    expect(isExternalWire({ type: 'Wire Transfer', routingNumber: null })).toBe(true);
    expect(isExternalWire({ type: 'Wire Transfer', routingNumber: LARKSPUR_ROUTING_NUMBER })).toBe(false);
    expect(isExternalWire({ type: 'Wire Transfer', routingNumber: ` ${LARKSPUR_ROUTING_NUMBER} ` })).toBe(
      false,
    );
  });
  it('is never another type of transfer, whatever routing number it carries', () => {
    expect(isExternalWire({ type: 'Local Transfer', routingNumber: '021000021' })).toBe(false);
    expect(isExternalWire({ type: 'International Transfer' })).toBe(false);
  });
});
