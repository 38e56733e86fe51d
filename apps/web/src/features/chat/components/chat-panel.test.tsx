import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';
import { chatRoom, ieltsSubscription, ROOM_ID, TEACHER_ID, userRecord } from '../../../test/fixtures';
import { sharedSocket as fake } from '../../../test/fake-socket';
import { json, mockFetch, renderAt } from '../../../test/render';
import { notify } from '../../../shared/lib/toast';
import { setItem } from '../../../shared/lib/storage';
import { chatMessage, sessionRequest } from '../lib/chat-fixtures';
import type { ChatViewer } from '../lib/chat-viewer';
import ChatDrawerContent from './chat-drawer-content';
import { ChatPanel } from './chat-panel';
import { TutorChatPage } from './tutor-chat-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).sharedIo }));

const learnerViewer: ChatViewer = { as: 'learner', timeZone: 'Asia/Kolkata', requestSubjects: ['English'], planClassDuration: '15min', canSendFiles: false };
const tutorViewer: ChatViewer = { as: 'teacher', timeZone: 'Asia/Kolkata', requestSubjects: [], planClassDuration: null, canSendFiles: false };
const subscribeAction = { label: messages.subscribeNow, to: '/learner/subscription-plans' };

beforeEach(() => {
  fake.reset();
  fake.answer.join_room = () => ({ ok: true, data: { missed: [] } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function threadHandlers(initial = [chatMessage({ seq: 1, message: 'Hello Ananya' })], room = chatRoom()) {
  return {
    'GET /room/v1/': () => json({ rooms: [room] }),
    [`GET /room/v1/${ROOM_ID}`]: () => json({ room, messages: initial, hasOlder: false }),
  };
}

async function openRoom(name = 'Ananya Iyer') {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(name) }));
  return screen.findByRole('list', { name: 'Messages' });
}

/** jsdom lays nothing out: the log's heights, and a scrollTop that sticks (kept within its range). */
function withScrollMetrics(element: HTMLElement, scrollHeight: () => number, clientHeight: number) {
  let top = 0;
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => clientHeight });
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(value, scrollHeight() - clientHeight));
    },
  });
  return {
    get top() {
      return top;
    },
    to(value: number) {
      element.scrollTop = value;
      fireEvent.scroll(element);
    },
  };
}

const texts = (list: HTMLElement) => within(list).getAllByTestId('chat-message').map((li) => li.querySelector('p')?.textContent);

describe('chat access', () => {
  it('a learner without an available session gets the subscribe prompt', async () => {
    setItem('USER', userRecord({ activeSubscription: null }));
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ activeSubscription: null }) }) });
    renderAt(<ChatDrawerContent audience="learner" teacherId={null} onNavigate={() => undefined} />);
    expect(await screen.findByText(messages.subscribeToChat)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.subscribeNow })).toHaveAttribute('href', '/learner/subscription-plans');
  });

  it('a kid without purchased sessions gets the buy-a-session prompt, asking as the kid', async () => {
    setItem('KID', userRecord({ _id: 'f0e1d2c3-0000-4000-8000-00000000000a', role: 'kid', name: 'Diya Rao' }));
    const fetch = mockFetch({ 'GET /api/kids/f0e1d2c3-0000-4000-8000-00000000000a/subjects': () => json({ subjects: [{ subject: 'English', sessionsAvailable: 0 }] }) });
    renderAt(<ChatDrawerContent audience="kid" teacherId={null} onNavigate={() => undefined} />, { route: '/kids/financial-education' });
    expect(await screen.findByText(messages.buySessionToChat)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy sessions' })).toHaveAttribute('href', '/kids/financial-education/buy-sessions');
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('x-parley-as')).toBe('kid');
  });

  it('a kid whose sessions could not be loaded is told so with Try again, never asked to buy', async () => {
    setItem('KID', userRecord({ _id: 'f0e1d2c3-0000-4000-8000-00000000000a', role: 'kid', name: 'Diya Rao' }));
    let failing = true;
    mockFetch({
      'GET /api/kids/f0e1d2c3-0000-4000-8000-00000000000a/subjects': () =>
        failing ? json({ code: 'INTERNAL', message: 'Something went wrong.' }, 500) : json({ subjects: [{ subject: 'English', sessionsAvailable: 2 }] }),
      'GET /room/v1/': () => json({ rooms: [] }),
    });
    renderAt(<ChatDrawerContent audience="kid" teacherId={null} onNavigate={() => undefined} />, { route: '/kids/english' });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText(messages.buySessionToChat)).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('a learner whose record could not be loaded is told so, not asked to subscribe', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ code: 'INTERNAL', message: 'Something went wrong.' }, 500) });
    renderAt(<ChatDrawerContent audience="learner" teacherId={null} onNavigate={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again');
    expect(screen.queryByText(messages.subscribeToChat)).not.toBeInTheDocument();
  });

  it("shows the server's 403 text when starting a chat is refused", async () => {
    mockFetch({
      'GET /room/v1/': () => json({ rooms: [] }),
      'POST /room/v1/initiate': () => json({ code: 'NOT_SUBSCRIBED', message: messages.subscribeToChat }, 403),
    });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} startWithTutorId={TEACHER_ID} />);
    expect(await screen.findByText(messages.subscribeToChat)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.subscribeNow })).toBeInTheDocument();
  });
});

describe('conversations', () => {
  it("lists rooms with the tutor, the recent message and the learner's unread count; the empty state until one opens", async () => {
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const item = await screen.findByRole('button', { name: /Ananya Iyer/ });
    expect(item).toHaveTextContent('See you soon');
    expect(within(item).getByLabelText('2 unread')).toHaveTextContent('2');
    expect(screen.getByText(messages.chatEmptyState)).toBeInTheDocument();
  });

  it('says a conversation’s last message is a session request (its note alone reads like a message)', async () => {
    mockFetch(threadHandlers(undefined, chatRoom({ recentMessage: { type: 'Session', message: 'kids', createdAt: '2026-03-10T09:00:00.000Z' } })));
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    expect(await screen.findByRole('button', { name: /Ananya Iyer/ })).toHaveTextContent('Session request: kids');
  });

  it('heads its parts one level under what it sits in: h3 under the drawer title, h2 under the tutor page h1', async () => {
    mockFetch(threadHandlers());
    const { unmount } = renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    expect(await screen.findByRole('heading', { name: 'Conversations', level: 3 })).toBeInTheDocument();
    await openRoom();
    expect(screen.getByRole('heading', { name: 'Ananya Iyer', level: 3 })).toBeInTheDocument();
    unmount();

    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={tutorViewer} access={{ state: 'ok' }} accessAction={null} headingLevel={2} />);
    // A tutor is not invited to start a chat: learners start them.
    expect(await screen.findByText('Select a conversation to read and reply')).toBeInTheDocument();
    expect(screen.queryByText(messages.chatEmptyState)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Conversations', level: 2 })).toBeInTheDocument();
    await openRoom('Rohan Sharma');
    expect(screen.getByRole('heading', { name: 'Rohan Sharma', level: 2 })).toBeInTheDocument();
  });

  it('opening a room loads its messages and clears its unread count', async () => {
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    expect(texts(list)).toEqual(['Hello Ananya']);
    expect(screen.queryByLabelText('2 unread')).not.toBeInTheDocument();
    await waitFor(() => expect(fake.emitted).toContainEqual({ event: 'join_room', payload: { chatroomId: ROOM_ID, afterSeq: 1 } }));
  });
});

describe('focus in the panel', () => {
  const ananya = {
    _id: TEACHER_ID,
    name: 'Ananya Iyer',
    image: '/api/assets/avatar/ananya.svg',
    rating: 4.9,
    ratingCount: 412,
    tags: [],
    description: '',
    subjects: ['English'],
    timezone: 'Asia/Kolkata',
    isBlocked: false,
    isSalesPerson: false,
    isFavourite: false,
    mentorScore: 80,
  };

  it('New chat → Chat with a tutor keeps focus on the pressed button, then hands it to the opened conversation', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    mockFetch({
      'GET /room/v1/': () => json({ rooms: [] }),
      'GET /api/teachers': () => json({ items: [ananya] }),
      'POST /room/v1/initiate': () => new Promise<Response>((resolve) => (answer = resolve)),
      [`GET /room/v1/${ROOM_ID}`]: () => json({ room: chatRoom(), messages: [], hasOlder: false }),
    });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await user.click(await screen.findByRole('button', { name: 'New chat' }));
    // The list, and New chat with it, hides on a phone: the picker's heading takes focus.
    expect(screen.getByRole('heading', { name: 'Start a new chat' })).toHaveFocus();
    const pick = await screen.findByRole('button', { name: 'Chat with Ananya Iyer' });
    await user.click(pick);
    await waitFor(() => expect(pick).toHaveAttribute('aria-disabled', 'true'));
    expect(pick).toHaveFocus();

    answer(json({ room: chatRoom() }));
    const heading = await screen.findByRole('heading', { name: 'Ananya Iyer' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('Back from New chat returns focus to the New chat button', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /room/v1/': () => json({ rooms: [] }), 'GET /api/teachers': () => json({ items: [ananya] }) });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const newChat = await screen.findByRole('button', { name: 'New chat' });
    await user.click(newChat);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(newChat).toHaveFocus();
  });

  it('Back from a conversation returns focus to its entry in the list', async () => {
    const user = userEvent.setup();
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    expect(screen.getByRole('heading', { name: 'Ananya Iyer' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(screen.getByRole('button', { name: /Ananya Iyer/ })).toHaveFocus();
  });
});

describe('realtime', () => {
  it('appends live messages once each (de-duplicated by _id) and marks them read', async () => {
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    const reply = chatMessage({ seq: 2, message: 'Hi! How can I help?', learner: null, teacher: TEACHER_ID });
    fake.serverEmit('new_message', reply);
    fake.serverEmit('new_message', reply);
    await waitFor(() => expect(texts(list)).toEqual(['Hello Ananya', 'Hi! How can I help?']));
    expect(fake.emitted).toContainEqual({ event: 'read', payload: { chatroomId: ROOM_ID } });
  });

  it('a reader scrolled up to older messages stays there when one arrives, and is told of it below; at the foot the thread follows', async () => {
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    const log = screen.getByRole('region', { name: 'Messages with Ananya Iyer' });
    const scroll = withScrollMetrics(log, () => within(list).getAllByTestId('chat-message').length * 100, 50);

    scroll.to(0);
    fake.serverEmit('new_message', chatMessage({ seq: 2, message: 'Are you there?', learner: null, teacher: TEACHER_ID }));
    await waitFor(() => expect(texts(list)).toContain('Are you there?'));
    expect(scroll.top).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'New messages' }));
    expect(scroll.top).toBe(150);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();

    // At the foot, the next one is followed.
    fake.serverEmit('new_message', chatMessage({ seq: 3, message: 'See you at five', learner: null, teacher: TEACHER_ID }));
    await waitFor(() => expect(scroll.top).toBe(250));
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();
  });

  it('opens on the latest page; Load older reads back the page before it and keeps in view what was on screen', async () => {
    const older = [chatMessage({ seq: 1, message: 'First ever' }), chatMessage({ seq: 2, message: 'Second ever' })];
    const asked: string[] = [];
    mockFetch({
      ...threadHandlers(),
      [`GET /room/v1/${ROOM_ID}`]: (url) => {
        asked.push(url.search);
        return url.searchParams.get('before') === '3'
          ? json({ room: chatRoom(), messages: older, hasOlder: false })
          : json({ room: chatRoom(), messages: [chatMessage({ seq: 3, message: 'Latest' })], hasOlder: true });
      },
    });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    const log = screen.getByRole('region', { name: 'Messages with Ananya Iyer' });
    const scroll = withScrollMetrics(log, () => within(list).getAllByTestId('chat-message').length * 100, 50);
    scroll.to(0);

    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(texts(list)).toEqual(['First ever', 'Second ever', 'Latest']));
    expect(asked).toEqual(['', '?before=3']);
    // Two messages came in above: the one that was at the top is still where it was.
    expect(scroll.top).toBe(200);
    // The first message is reached: Load older goes, and the thread keeps the focus it held.
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(log).toHaveFocus();
  });

  it('says politely what the tutor sends while the thread is open, but not the history, Load older or the learner’s own', async () => {
    mockFetch({
      ...threadHandlers(),
      [`GET /room/v1/${ROOM_ID}`]: (url) =>
        url.searchParams.get('before')
          ? json({ room: chatRoom(), messages: [chatMessage({ seq: 1, message: 'Long ago', learner: null, teacher: TEACHER_ID })], hasOlder: false })
          : json({ room: chatRoom(), messages: [chatMessage({ seq: 2, message: 'Welcome back', learner: null, teacher: TEACHER_ID })], hasOlder: true }),
    });
    fake.answer.chatroom_message = (payload) => ({ ok: true, data: chatMessage({ seq: 3, message: (payload as { message: string }).message }) });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    const region = screen.getByRole('region', { name: 'Messages with Ananya Iyer' });
    const said = () => screen.getAllByRole('status').find((s) => !region.contains(s))!;
    expect(region).not.toHaveAttribute('aria-live');
    expect(said()).toHaveTextContent('');

    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(texts(list)).toEqual(['Long ago', 'Welcome back']));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello again{Enter}');
    await waitFor(() => expect(texts(list)).toContain('Hello again'));
    expect(said()).toHaveTextContent('');

    fake.serverEmit('new_message', chatMessage({ seq: 4, message: 'Ready when you are', learner: null, teacher: TEACHER_ID }));
    await waitFor(() => expect(said()).toHaveTextContent('Ananya Iyer: Ready when you are'));
    const first = said().firstElementChild;
    // The same words again are a new announcement, not an unchanged one.
    fake.serverEmit('new_message', chatMessage({ seq: 5, message: 'Ready when you are', learner: null, teacher: TEACHER_ID }));
    await waitFor(() => expect(said().firstElementChild).not.toBe(first));
    expect(said()).toHaveTextContent('Ananya Iyer: Ready when you are');
  });

  it('Enter sends a Text message over the socket and shows the stored copy', async () => {
    mockFetch(threadHandlers());
    fake.answer.chatroom_message = (payload) => ({ ok: true, data: chatMessage({ seq: 2, message: (payload as { message: string }).message }) });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you free tomorrow?{Enter}');
    await waitFor(() => expect(texts(list)).toEqual(['Hello Ananya', 'Are you free tomorrow?']));
    expect(fake.emitted).toContainEqual({
      event: 'chatroom_message',
      payload: { chatroomId: ROOM_ID, message: 'Are you free tomorrow?', role: 'Learner', source: 'web', msgType: 'Text', clientMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
  });

  it('sends a message again with the id of its failed try (stored once if the first arrived after all), and the next message with a new one', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => 1);
    mockFetch(threadHandlers());
    let tries = 0;
    fake.answer.chatroom_message = (payload) => (++tries === 1 ? { ok: false, message: 'Try again' } : { ok: true, data: chatMessage({ seq: 1 + tries, message: (payload as { message: string }).message }) });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'See you at five{Enter}');
    await waitFor(() => expect(tries).toBe(1));
    expect(box).toHaveValue('See you at five');
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    await userEvent.type(box, 'Thanks{Enter}');
    await waitFor(() => expect(tries).toBe(3));
    const ids = fake.emitted.filter((e) => e.event === 'chatroom_message').map((e) => (e.payload as { clientMessageId: string }).clientMessageId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('takes a message as sent when its stored copy came back though its answer was lost: no error, the box empties', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => 1);
    mockFetch(threadHandlers());
    // The server stored and broadcast the message, but its answer to this socket never came.
    vi.spyOn(fake, 'timeout').mockImplementation(() => ({
      emit: (event: string, payload: unknown, ack: (error: Error | null) => void) => {
        // Only a message comes back as a message (a join or a read does not).
        if (event !== 'chatroom_message') return ack(null);
        const { message, clientMessageId } = payload as { message: string; clientMessageId: string };
        fake.serverEmit('new_message', chatMessage({ seq: 2, message, clientMessageId }));
        ack(new Error('operation has timed out'));
      },
    }));
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Is five fine?{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(texts(list)).toEqual(['Hello Ananya', 'Is five fine?']);
    expect(error).not.toHaveBeenCalled();
  });

  /** Sends `text` whose answer times out, though the server stored it; `arrive` brings its copy later. */
  async function sendWithLostAnswer(text: string) {
    vi.spyOn(notify, 'error').mockImplementation(() => 1);
    let late: { message: string; clientMessageId: string } | null = null;
    vi.spyOn(fake, 'timeout').mockImplementation(() => ({
      emit: (event: string, payload: unknown, ack: (error: Error | null) => void) => {
        if (event !== 'chatroom_message') return ack(null);
        late = payload as { message: string; clientMessageId: string };
        ack(new Error('operation has timed out'));
      },
    }));
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, `${text}{Enter}`);
    await waitFor(() => expect(late).not.toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled'));
    const arrive = () => act(() => fake.serverEmit('new_message', chatMessage({ seq: 2, message: late!.message, clientMessageId: late!.clientMessageId })));
    return { list, box, arrive };
  }

  it('a message said to have failed whose stored copy comes later is taken as sent: the box empties and the learner is told', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => 1);
    const { list, box, arrive } = await sendWithLostAnswer('Is six fine?');
    expect(box).toHaveValue('Is six fine?');

    arrive();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(texts(list)).toEqual(['Hello Ananya', 'Is six fine?']);
    expect(success).toHaveBeenCalledWith('Your message was sent after all.');
  });

  it('a late copy does not empty a box the learner has changed since', async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => 1);
    const { box, arrive } = await sendWithLostAnswer('Is six fine?');
    await userEvent.type(box, ' Or seven?');
    arrive();
    await waitFor(() => expect(screen.getAllByText('Is six fine?').length).toBeGreaterThan(0));
    expect(box).toHaveValue('Is six fine? Or seven?');
  });

  it('after a reconnect re-joins with the last seq held and merges the missed messages in order', async () => {
    mockFetch(threadHandlers([chatMessage({ seq: 1, message: 'one' }), chatMessage({ seq: 2, message: 'two' })]));
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    await waitFor(() => expect(fake.emitted.filter((e) => e.event === 'join_room')).toHaveLength(1));

    fake.answer.join_room = () => ({ ok: true, data: { missed: [chatMessage({ seq: 4, message: 'four' }), chatMessage({ seq: 3, message: 'three' })] } });
    fake.serverEmit('connect');
    await waitFor(() => expect(texts(list)).toEqual(['one', 'two', 'three', 'four']));
    expect(fake.emitted.filter((e) => e.event === 'join_room').at(-1)!.payload).toEqual({ chatroomId: ROOM_ID, afterSeq: 2 });
  });

  it("shows error_message's text as a toast, and chatServerError when the socket is unreachable", async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => 1);
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    fake.serverEmit('error_message', { message: 'Pick a time at least 10 minutes from now.' });
    expect(error).toHaveBeenCalledWith('Pick a time at least 10 minutes from now.');

    fake.connected = false;
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Anyone there?{Enter}');
    await waitFor(() => expect(error).toHaveBeenCalledWith(messages.chatServerError));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Anyone there?');
  });

  it('sends nothing while the browser is offline, though the socket has not noticed yet: the message would go out later, after the page said it failed', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => 1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(threadHandlers());
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Still there?{Enter}');
    await waitFor(() => expect(error).toHaveBeenCalledWith(messages.chatOffline));
    expect(fake.emitted.filter((e) => e.event === 'chatroom_message')).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Still there?');
  });

  it('a message sent again once back online is simply sent: not "sent after all", which is for a first try whose answer was lost', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => 1);
    const success = vi.spyOn(notify, 'success').mockImplementation(() => 1);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(threadHandlers());
    // As the server does: the room's broadcast reaches this socket too, a moment before the answer.
    vi.spyOn(fake, 'timeout').mockImplementation(() => ({
      emit: (event: string, payload: unknown, ack: (error: Error | null, answer?: unknown) => void) => {
        if (event !== 'chatroom_message') return ack(null);
        const { message, clientMessageId } = payload as { message: string; clientMessageId: string };
        const stored = chatMessage({ seq: 2, message, clientMessageId });
        fake.serverEmit('new_message', stored);
        setTimeout(() => ack(null, { ok: true, data: stored }), 50);
      },
    }));
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    const list = await openRoom();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Still there?{Enter}');
    await waitFor(() => expect(box).toHaveValue('Still there?'));

    onLine.mockReturnValue(true);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(texts(list)).toEqual(['Hello Ananya', 'Still there?']));
    expect(box).toHaveValue('');
    expect(success).not.toHaveBeenCalledWith(messages.chatSentAfterAll);
  });
});

describe('tutor decisions', () => {
  it('opens the room a bell notice links to (startWithRoomId), its requests with Book', async () => {
    mockFetch(threadHandlers([chatMessage({ seq: 1 }), sessionRequest(2, '2099-03-11T10:00:00.000Z')]));
    renderAt(<ChatPanel viewer={tutorViewer} access={{ state: 'ok' }} accessAction={null} startWithRoomId={ROOM_ID} />);
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Book' })).toBeInTheDocument();
  });

  it('Book sends PUT status Booked, toasts the answer and shows the new status', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => 1);
    const request = sessionRequest(2, '2099-03-11T10:00:00.000Z');
    const fetch = mockFetch({
      ...threadHandlers([chatMessage({ seq: 1 }), request]),
      'PUT /room/v1/message': () => json({ message: { ...request, status: 'Booked' }, toast: messages.sessionIsBooked }),
    });
    renderAt(<ChatPanel viewer={tutorViewer} access={{ state: 'ok' }} accessAction={null} />);
    await openRoom('Rohan Sharma');
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.sessionIsBooked));
    expect(screen.getByText('Booked', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({ messageId: request._id, status: 'Booked' });
    expect(new Headers(put[1]!.headers).get('x-parley-as')).toBe('teacher');
  });

  it('a live message_updated moves the learner side to the new status', async () => {
    const request = sessionRequest(2, '2099-03-11T10:00:00.000Z');
    mockFetch(threadHandlers([chatMessage({ seq: 1 }), request]));
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    expect(screen.getByText('Requested', { selector: '.badge' })).toBeInTheDocument();
    fake.serverEmit('message_updated', { ...request, status: 'Rejected' });
    expect(await screen.findByText('Rejected', { selector: '.badge' })).toHaveClass('badge-error');
  });
});

describe('a bell notice linking to a request (/teacher/chat?room=…&request=…)', () => {
  // jsdom does not lay out, so has no scrollIntoView: recorded here, with the element it was called on.
  const scrollIntoView = vi.fn<Element['scrollIntoView']>();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  const older = sessionRequest(2, '2099-03-11T10:00:00.000Z');
  const newer = sessionRequest(3, '2099-03-12T10:00:00.000Z');
  const openLink = (requestId: string) => {
    mockFetch({
      ...threadHandlers([chatMessage({ seq: 1 }), older, newer]),
      'GET /api/auth/me': () => json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Kolkata' }) }),
    });
    renderAt(<TutorChatPage />, { route: `/teacher/chat?room=${ROOM_ID}&request=${requestId}` });
  };

  it('brings the linked request into view, marked, with focus on its Book, once; then drops request from the URL', async () => {
    openLink(older._id);
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [, linked, other] = within(list).getAllByTestId('chat-message');
    await waitFor(() => expect(within(linked!).getByRole('button', { name: 'Book' })).toHaveFocus());
    expect(scrollIntoView.mock.contexts).toEqual([linked]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(linked).toHaveClass('outline-primary');
    expect(other).not.toHaveClass('outline-primary');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/teacher/chat?room=${ROOM_ID}`));

    // A new message scrolls the thread to the bottom as ever, not back to the request.
    fake.serverEmit('new_message', chatMessage({ seq: 4, message: 'Are you free?' }));
    await waitFor(() => expect(within(list).getAllByTestId('chat-message')).toHaveLength(4));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('a learner’s notice (the tutor’s room by ?chat=, the request by ?request=) brings the request into view and marks it, once', async () => {
    const onShown = vi.fn();
    mockFetch({
      ...threadHandlers([chatMessage({ seq: 1 }), older, newer]),
      'POST /room/v1/initiate': () => json({ room: chatRoom() }),
    });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} startWithTutorId={TEACHER_ID} linkedRequestId={older._id} onLinkedRequestShown={onShown} />);
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [, linked] = within(list).getAllByTestId('chat-message');
    await waitFor(() => expect(scrollIntoView.mock.contexts).toEqual([linked]));
    expect(linked).toHaveClass('outline-primary');
    expect(onShown).toHaveBeenCalledTimes(1);
  });

  it('a request not among the loaded messages opens the room as usual, at its heading', async () => {
    openLink('00000000-0000-4000-8000-000000000099');
    await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/teacher/chat?room=${ROOM_ID}`));
    expect(screen.getByRole('heading', { name: 'Rohan Sharma' })).toHaveFocus();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});

describe('the tutor’s chat page keeps the open conversation in the address', () => {
  it('writes ?room= when a conversation is opened, so a reload or Back opens it again; the panel is not started over', async () => {
    let roomReads = 0;
    mockFetch({
      ...threadHandlers(),
      [`GET /room/v1/${ROOM_ID}`]: () => {
        roomReads += 1;
        return json({ room: chatRoom(), messages: [chatMessage({ seq: 1, message: 'Hello Ananya' })], hasOlder: false });
      },
      'GET /api/auth/me': () => json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Kolkata' }) }),
    });
    renderAt(<TutorChatPage />, { route: '/teacher/chat' });
    const list = await openRoom('Rohan Sharma');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/teacher/chat?room=${ROOM_ID}`));
    expect(within(list).getByText('Hello Ananya')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Messages' })).toBe(list);
    expect(roomReads).toBe(1);
  });
});

describe('a booked request after its session changed', () => {
  it('reads the room again on sessions_changed, so a cancelled session’s request says Cancelled', async () => {
    const booked = { ...sessionRequest(2, '2099-03-11T10:00:00.000Z'), status: 'Booked' as const };
    let reads = 0;
    mockFetch({
      'GET /room/v1/': () => json({ rooms: [chatRoom()] }),
      [`GET /room/v1/${ROOM_ID}`]: () => json({ room: chatRoom(), messages: [chatMessage({ seq: 1 }), reads++ === 0 ? booked : { ...booked, status: 'Cancelled' }], hasOlder: false }),
    });
    renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    expect(screen.getByText('Booked', { selector: '.badge' })).toBeInTheDocument();
    fake.serverEmit('sessions_changed', { sessionId: 'f0e1d2c3-0000-4000-8000-0000000000ff' });
    expect(await screen.findByText('Cancelled', { selector: '.badge' })).toHaveClass('badge-outline');
  });
});

describe('file upload', () => {
  it('is offered only to IELTS learners', async () => {
    mockFetch(threadHandlers());
    const { unmount } = renderAt(<ChatPanel viewer={learnerViewer} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    expect(screen.queryByRole('button', { name: 'Attach a file' })).not.toBeInTheDocument();
    unmount();

    const ielts = ieltsSubscription();
    renderAt(<ChatPanel viewer={{ ...learnerViewer, canSendFiles: ielts.subjects.includes('IELTS') }} access={{ state: 'ok' }} accessAction={subscribeAction} />);
    await openRoom();
    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeInTheDocument();
  });
});
