import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { lastFakeSocket } from '../../../test/fake-socket';
import { chatRoom } from '../../../test/fixtures';
import { ChatLauncher } from './chat-launcher';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

afterEach(() => vi.unstubAllGlobals());

describe('ChatLauncher: unread messages', () => {
  it('counts the unread messages of every conversation, and counts again when a message arrives', async () => {
    let rooms = [chatRoom({ _id: 'room-1', learnerUnread: 2 }), chatRoom({ _id: 'room-2', learnerUnread: 1 })];
    const fetchMock = mockFetch({ 'GET /room/v1/': () => json({ rooms }) });
    renderAt(<ChatLauncher audience="learner" />, { route: '/learner' });
    expect(await screen.findByRole('button', { name: 'Chat, 3 unread' })).toHaveTextContent('Chat 3');

    rooms = [chatRoom({ _id: 'room-1', learnerUnread: 3 }), chatRoom({ _id: 'room-2', learnerUnread: 1 })];
    act(() => lastFakeSocket('learner').serverEmit('new_message', { chatroomId: 'room-1' }));
    expect(await screen.findByRole('button', { name: 'Chat, 4 unread' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/room/v1/'))).toHaveLength(2);

    // Read in the drawer: counted again (the tutor's reading does not change the learner's count).
    rooms = [chatRoom({ _id: 'room-1', learnerUnread: 0 }), chatRoom({ _id: 'room-2', learnerUnread: 1 })];
    act(() => lastFakeSocket('learner').serverEmit('read', { chatroomId: 'room-1', by: 'Teacher' }));
    act(() => lastFakeSocket('learner').serverEmit('read', { chatroomId: 'room-1', by: 'Learner' }));
    expect(await screen.findByRole('button', { name: 'Chat, 1 unread' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/room/v1/'))).toHaveLength(3);
  });

  it('is plain Chat with nothing unread, and a tutor’s Chat action counts nothing', async () => {
    const fetchMock = mockFetch({ 'GET /room/v1/': () => json({ rooms: [chatRoom({ learnerUnread: 0 })] }) });
    renderAt(
      <>
        <ChatLauncher audience="learner" />
        <ChatLauncher audience="learner" teacherId="tutor-9" label="Chat with Ananya" />
      </>,
      { route: '/learner' },
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat with Ananya' })).toBeInTheDocument();
  });
});
