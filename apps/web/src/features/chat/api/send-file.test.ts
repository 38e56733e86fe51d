import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/render';
import { ROOM_ID } from '../../../test/fixtures';
import { chatMessage } from '../lib/chat-fixtures';
import { sendFile } from './send-file';

afterEach(() => vi.unstubAllGlobals());

describe('sendFile (POST /room/v1/sendFile)', () => {
  it('posts multipart with chatroomId and role=Learner before the chatFile part', async () => {
    const stored = chatMessage({ seq: 3, type: 'File', message: 'essay.pdf', file: { url: '/room/v1/files/x', name: 'essay.pdf', mime: 'application/pdf', size: 4 } });
    const fetch = mockFetch({ 'POST /room/v1/sendFile': () => json({ message: stored }) });
    const file = new File(['%PDF'], 'essay.pdf', { type: 'application/pdf' });

    await expect(sendFile('learner', ROOM_ID, file)).resolves.toEqual(stored);

    const init = fetch.mock.calls[0]![1]!;
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['chatroomId', 'role', 'chatFile']);
    expect(body.get('chatroomId')).toBe(ROOM_ID);
    expect(body.get('role')).toBe('Learner');
    expect((body.get('chatFile') as File).name).toBe('essay.pdf');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('x-parley-client')).toBe('web');
    expect(headers.get('x-parley-as')).toBe('learner');
  });
});
