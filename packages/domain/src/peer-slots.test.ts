import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PEER_SLOT_BOOK_BEFORE_MIN,
  PEER_SLOT_GRID_MIN,
  PEER_SLOT_JOIN_OPENS_BEFORE_MIN,
  PEER_SLOT_LENGTHS_MIN,
  PEER_SLOT_NO_SHOW_MIN,
  PEER_SLOT_PUBLISH_AHEAD_DAYS,
  PEER_SLOT_PUBLISH_LEAD_MIN,
  peerSlotBookRefusal,
  peerSlotCallEndsAt,
  peerSlotCallSlotEnd,
  peerSlotJoinDeadline,
  peerSlotJoinWindow,
  peerSlotPayload,
  peerSlotPublishRefusal,
  peerSlotPublishableStarts,
  peerSlotTexts,
} from './peer-slots';

const MIN = 60_000;
const now = new Date('2030-03-04T09:07:00.000Z');
const at = (iso: string) => new Date(iso);

describe('scheduled peer practice: the numbers', () => {
  it('are the ones the product promises', () => {
    expect(PEER_SLOT_LENGTHS_MIN).toEqual([15, 30, 45]);
    expect(PEER_SLOT_GRID_MIN).toBe(15);
    expect(PEER_SLOT_PUBLISH_LEAD_MIN).toBe(60);
    expect(PEER_SLOT_PUBLISH_AHEAD_DAYS).toBe(14);
    expect(PEER_SLOT_BOOK_BEFORE_MIN).toBe(30);
    expect(PEER_SLOT_JOIN_OPENS_BEFORE_MIN).toBe(5);
    expect(PEER_SLOT_NO_SHOW_MIN).toBe(10);
  });
});

describe('publishing a slot', () => {
  it('starts on a quarter hour, at least an hour ahead and at most 14 days ahead', () => {
    expect(peerSlotPublishRefusal({ startAt: at('2030-03-04T10:15:00.000Z'), now })).toBeNull();
    expect(peerSlotPublishRefusal({ startAt: at('2030-03-04T10:10:00.000Z'), now })).toBe(peerSlotTexts.offGrid);
    expect(peerSlotPublishRefusal({ startAt: at('2030-03-04T10:15:30.000Z'), now })).toBe(peerSlotTexts.offGrid);
    // 09:07 + 60 min = 10:07: 10:00 is too soon, 10:15 is not.
    expect(peerSlotPublishRefusal({ startAt: at('2030-03-04T10:00:00.000Z'), now })).toBe(peerSlotTexts.tooSoon);
    expect(peerSlotPublishRefusal({ startAt: new Date(now.getTime() + 14 * 24 * 60 * MIN + 8 * MIN), now })).toBe(peerSlotTexts.tooFar);
    expect(peerSlotPublishRefusal({ startAt: at('2030-03-18T09:00:00.000Z'), now })).toBeNull();
  });

  it('offers from the first quarter hour an hour ahead to the last one within 14 days, and no further', () => {
    const { first, last } = peerSlotPublishableStarts(now);
    // 09:07 + 60 min = 10:07 → 10:15; 09:07 on the 18th → 09:00.
    expect(first).toEqual(at('2030-03-04T10:15:00.000Z'));
    expect(last).toEqual(at('2030-03-18T09:00:00.000Z'));
    const grid = PEER_SLOT_GRID_MIN * MIN;
    expect(peerSlotPublishRefusal({ startAt: first, now })).toBeNull();
    expect(peerSlotPublishRefusal({ startAt: last, now })).toBeNull();
    expect(peerSlotPublishRefusal({ startAt: new Date(first.getTime() - grid), now })).toBe(peerSlotTexts.tooSoon);
    expect(peerSlotPublishRefusal({ startAt: new Date(last.getTime() + grid), now })).toBe(peerSlotTexts.tooFar);
  });

  it('takes a start exactly on the quarter hour as the first and the last', () => {
    const onGrid = at('2030-03-04T09:00:00.000Z');
    expect(peerSlotPublishableStarts(onGrid)).toEqual({ first: at('2030-03-04T10:00:00.000Z'), last: at('2030-03-18T09:00:00.000Z') });
  });

  it('takes only the offered lengths and a mode', () => {
    const ok = { startAt: '2030-03-04T10:15:00.000Z', lengthMin: 30, mode: 'audio' };
    expect(peerSlotPayload.safeParse(ok).success).toBe(true);
    expect(peerSlotPayload.safeParse({ ...ok, lengthMin: 20 }).success).toBe(false);
    expect(peerSlotPayload.safeParse({ ...ok, startAt: 'tomorrow' }).success).toBe(false);
    expect(peerSlotPayload.parse({ startAt: ok.startAt, lengthMin: 15 }).mode).toBe('video');
  });
});

describe('booking a slot', () => {
  const startAt = at('2030-03-04T10:00:00.000Z');
  it('closes 30 minutes before the start', () => {
    expect(peerSlotBookRefusal({ startAt, now: new Date(startAt.getTime() - 30 * MIN), availableMinutes: 60 })).toBeNull();
    expect(peerSlotBookRefusal({ startAt, now: new Date(startAt.getTime() - 30 * MIN + 1), availableMinutes: 60 })).toBe(peerSlotTexts.bookingClosed);
  });
  it('needs the 5 minutes a peer call needs', () => {
    expect(peerSlotBookRefusal({ startAt, now, availableMinutes: 4 })).toBe(peerSlotTexts.notEnoughMinutes);
    expect(peerSlotBookRefusal({ startAt, now, availableMinutes: 5 })).toBeNull();
  });
});

describe('joining a slot', () => {
  const startAt = at('2030-03-04T10:00:00.000Z');
  const endAt = at('2030-03-04T10:30:00.000Z');
  it('opens 5 minutes before the start and closes at the end', () => {
    expect(peerSlotJoinWindow(new Date(startAt.getTime() - 5 * MIN - 1), startAt, endAt)).toBe('too-early');
    expect(peerSlotJoinWindow(new Date(startAt.getTime() - 5 * MIN), startAt, endAt)).toBe('open');
    expect(peerSlotJoinWindow(new Date(endAt.getTime() - 1), startAt, endAt)).toBe('open');
    expect(peerSlotJoinWindow(endAt, startAt, endAt)).toBe('ended');
  });
  it('a side that has not joined 10 minutes after the start is a no-show', () => {
    expect(peerSlotJoinDeadline(startAt)).toEqual(at('2030-03-04T10:10:00.000Z'));
  });
  it('the call ends when the slot ends or the smaller balance runs out, whichever is first', () => {
    const startedAt = at('2030-03-04T10:02:00.000Z');
    expect(peerSlotCallEndsAt({ startedAt, availableMinutes: 100, slotEndAt: endAt })).toEqual(endAt);
    expect(peerSlotCallEndsAt({ startedAt, availableMinutes: 7, slotEndAt: endAt })).toEqual(at('2030-03-04T10:09:00.000Z'));
  });
  it('a call started early runs the slot’s length, not to the slot’s end; one started late ends with the slot', () => {
    const slot = { startAt, endAt };
    expect(peerSlotCallSlotEnd(at('2030-03-04T09:56:00.000Z'), slot)).toEqual(at('2030-03-04T10:26:00.000Z'));
    expect(peerSlotCallSlotEnd(startAt, slot)).toEqual(endAt);
    expect(peerSlotCallSlotEnd(at('2030-03-04T10:04:00.000Z'), slot)).toEqual(endAt);
  });
  it('never ends after the slot nor after the minutes run out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 45 * 60 }), (minutes, lateSeconds) => {
        const startedAt = new Date(startAt.getTime() + lateSeconds * 1000);
        const endsAt = peerSlotCallEndsAt({ startedAt, availableMinutes: minutes, slotEndAt: endAt });
        return endsAt.getTime() <= Math.max(endAt.getTime(), startedAt.getTime()) && endsAt.getTime() <= startedAt.getTime() + minutes * MIN;
      }),
    );
  });
});
