import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { lastFakeSocket } from '../../../test/fake-socket';
import { chatRoom, userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { TutorShell } from './tutor-shell';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

describe('TutorShell', () => {
  it('shows the tutor’s name in the header, as the moderator and creator headers show theirs', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Kolkata' }) }) });
    renderAt(<TutorShell onLogout={vi.fn()} />, { route: '/teacher/dashboard' });
    expect(await within(screen.getByRole('banner')).findByText('Ananya Iyer')).toBeInTheDocument();
  });
});

describe('TutorShell: unread chat messages', () => {
  it('counts the learners’ unread messages on the Chat menu item, and counts again when one arrives or the tutor reads', async () => {
    let rooms = [chatRoom({ _id: 'room-1', teacherUnread: 2, learnerUnread: 5 }), chatRoom({ _id: 'room-2', teacherUnread: 1 })];
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Kolkata' }) }),
      'GET /room/v1/': () => json({ rooms }),
    });
    renderAt(<TutorShell onLogout={vi.fn()} />, { route: '/teacher/dashboard' });
    const menu = screen.getAllByRole('navigation', { name: 'Tutor menu' })[0]!;
    expect(await within(menu).findByRole('link', { name: 'Chat, 3 unread' })).toHaveTextContent(/^Chat 3$/);
    // On a phone the menu is a closed drawer: its button says there is something unread.
    expect(screen.getByRole('button', { name: 'Open menu, 3 unread' })).toBeInTheDocument();

    rooms = [chatRoom({ _id: 'room-1', teacherUnread: 3 }), chatRoom({ _id: 'room-2', teacherUnread: 1 })];
    act(() => lastFakeSocket('teacher').serverEmit('new_message', { chatroomId: 'room-1' }));
    expect(await within(menu).findByRole('link', { name: 'Chat, 4 unread' })).toBeInTheDocument();

    // The learner's reading changes nothing here; the tutor's (in another tab) is counted again.
    rooms = [chatRoom({ _id: 'room-1', teacherUnread: 0 }), chatRoom({ _id: 'room-2', teacherUnread: 0 })];
    act(() => lastFakeSocket('teacher').serverEmit('read', { chatroomId: 'room-1', by: 'Learner' }));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/room/v1/'))).toHaveLength(2);
    act(() => lastFakeSocket('teacher').serverEmit('read', { chatroomId: 'room-1', by: 'Teacher' }));
    expect(await within(menu).findByRole('link', { name: 'Chat' })).toHaveTextContent(/^Chat$/);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
