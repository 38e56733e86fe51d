import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/render';
import { chatRoom, ROOM_ID } from '../../../test/fixtures';
import { chatMessage } from '../lib/chat-fixtures';
import { getRoomThread, withMessages, type RoomThread } from './get-room-thread';

afterEach(() => vi.unstubAllGlobals());

const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => chatMessage({ seq: from + i, message: `Line ${from + i}` }));
const seqs = (thread: RoomThread) => thread.messages.map((m) => m.seq);

describe('a room’s thread', () => {
  it('read again after Load older, is read back as far as the reader had it, so the refresh keeps their place', async () => {
    // The server's pages are 2 long here: 5–6 latest, 3–4 before them, 1–2 first.
    const asked: string[] = [];
    mockFetch({
      [`GET /room/v1/${ROOM_ID}`]: (url) => {
        asked.push(url.search);
        const before = Number(url.searchParams.get('before') ?? 7);
        const page = lines(Math.max(1, before - 2), before - 1);
        return json({ room: chatRoom(), messages: page, hasOlder: page[0]!.seq > 1 });
      },
    });
    const held: RoomThread = { room: chatRoom(), messages: lines(3, 6), hasOlder: true };
    const thread = await getRoomThread('learner', ROOM_ID, held);
    expect(seqs(thread)).toEqual([3, 4, 5, 6]);
    expect(thread.hasOlder).toBe(true);
    expect(asked).toEqual(['', '?before=5']);
  });

  it('takes in live messages and updates, but not one older than the oldest held while older ones are left to Load older', () => {
    const thread: RoomThread = { room: chatRoom(), messages: lines(10, 11), hasOlder: true };
    expect(seqs(withMessages(thread, [chatMessage({ seq: 12 })]))).toEqual([10, 11, 12]);
    expect(withMessages(thread, [chatMessage({ seq: 10, message: 'edited' })]).messages[0]!.message).toBe('edited');
    expect(seqs(withMessages(thread, [chatMessage({ seq: 4, status: 'Expired' })]))).toEqual([10, 11]);
    // The whole thread held: nothing is older than it.
    expect(seqs(withMessages({ ...thread, hasOlder: false }, [chatMessage({ seq: 4 })]))).toEqual([4, 10, 11]);
  });
});
