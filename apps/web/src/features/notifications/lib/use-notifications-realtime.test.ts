import { describe, expect, it } from 'vitest';
import type { Notification } from '@parley/domain/live-sessions';
import { withPushed } from './use-notifications-realtime';

const notice = (i: number): Notification => ({ _id: `id-${i}`, kind: 'test', title: `Notice ${i}`, body: '', link: null, readAt: null, createdAt: '2030-03-12T04:30:00.000Z' });
const notices = (count: number) => Array.from({ length: count }, (_, i) => notice(count - i));

describe('a pushed notification', () => {
  it('joins the top once and counts as unread', () => {
    const page = { items: notices(2), unread: 2, hasMore: false };
    const pushed = withPushed(page, notice(3));
    expect(pushed).toEqual({ items: [notice(3), ...notices(2)], unread: 3, hasMore: false });
    expect(withPushed(pushed, notice(3))).toBe(pushed);
  });

  it('keeps the list within its limit, 20 or what Show older asked for, the oldest one leaving and counted as older', () => {
    const twenty = withPushed({ items: notices(20), unread: 20, hasMore: false }, notice(21));
    expect(twenty.items.map((n) => n.title).slice(-1)).toEqual(['Notice 2']);
    expect(twenty).toMatchObject({ unread: 21, hasMore: true });
    expect(twenty.items).toHaveLength(20);
    const forty = withPushed({ items: notices(40), unread: 0, hasMore: true }, notice(41), 40);
    expect(forty.items).toHaveLength(40);
    expect(forty.items[0]!.title).toBe('Notice 41');
    // Show older asked for 40 and there were 25: the new one joins them all, none older left out.
    expect(withPushed({ items: notices(25), unread: 0, hasMore: false }, notice(26), 40)).toMatchObject({ hasMore: false, items: expect.arrayContaining([notice(1)]) });
  });
});
