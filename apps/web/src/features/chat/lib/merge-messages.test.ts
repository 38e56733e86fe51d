import { describe, expect, it } from 'vitest';
import { chatMessage, sessionRequest } from './chat-fixtures';
import { lastSeq, mergeMessages } from './merge-messages';

describe('mergeMessages', () => {
  it('keeps one copy per _id, ordered by seq, whatever order they arrive in', () => {
    const held = [chatMessage({ seq: 1 }), chatMessage({ seq: 3 })];
    const merged = mergeMessages(held, [chatMessage({ seq: 4 }), chatMessage({ seq: 2 }), chatMessage({ seq: 3 }), chatMessage({ seq: 4 })]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(new Set(merged.map((m) => m._id)).size).toBe(4);
  });

  it('replaces a message with its updated copy (message_updated)', () => {
    const requested = sessionRequest(5, '2026-03-11T10:00:00.000Z');
    const booked = { ...requested, status: 'Booked' as const };
    expect(mergeMessages([requested], [booked])[0]!.status).toBe('Booked');
  });

  it('never moves a settled request back to Requested (a late copy of the original)', () => {
    const requested = sessionRequest(5, '2026-03-11T10:00:00.000Z');
    const rejected = { ...requested, status: 'Rejected' as const };
    expect(mergeMessages([rejected], [requested])[0]!.status).toBe('Rejected');
  });

  it('takes a stored Expired from message_updated and keeps it over a late Requested copy', () => {
    const requested = sessionRequest(5, '2026-03-11T10:00:00.000Z');
    const expired = { ...requested, status: 'Expired' as const };
    expect(mergeMessages([requested], [expired])[0]!.status).toBe('Expired');
    expect(mergeMessages([expired], [requested])[0]!.status).toBe('Expired');
  });

  it('lastSeq is the highest seq held, 0 for none', () => {
    expect(lastSeq([])).toBe(0);
    expect(lastSeq([chatMessage({ seq: 7 }), chatMessage({ seq: 3 })])).toBe(7);
  });
});
