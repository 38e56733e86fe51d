import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { chatRoom, ROOM_ID, TEACHER_ID } from '../../../test/fixtures';
import { chatMessage } from '../lib/chat-fixtures';
import type { ChatViewer } from '../lib/chat-viewer';
import { MessageThread } from './message-thread';

const learnerViewer: ChatViewer = { as: 'learner', timeZone: 'Asia/Kolkata', requestSubjects: ['English'], planClassDuration: '15min', canSendFiles: false };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('message thread: the history by keyboard', () => {
  it('a learner’s thread, with no control among its messages, is a labelled region that Tab reaches, around the list', async () => {
    const history = [
      chatMessage({ seq: 1, message: 'Hello Ananya' }),
      chatMessage({ seq: 2, message: 'Hi Rohan, welcome', learner: null, teacher: TEACHER_ID }),
    ];
    mockFetch({ [`GET /room/v1/${ROOM_ID}`]: () => json({ room: chatRoom(), messages: history, hasOlder: false }) });
    renderAt(<MessageThread viewer={learnerViewer} roomId={ROOM_ID} listedRoom={chatRoom()} socket={null} connected onBack={() => undefined} headingLevel={3} />);
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.querySelector('button, a, input, select, textarea, [tabindex]')).toBeNull();

    // The thread opens with focus on its heading; the next Tab lands on the history, before the composer.
    expect(screen.getByRole('heading', { name: 'Ananya Iyer' })).toHaveFocus();
    await userEvent.tab();
    const log = screen.getByRole('region', { name: 'Messages with Ananya Iyer' });
    expect(log).toHaveFocus();
    expect(log).toContainElement(list);
  });
});

describe('message thread: a conversation that does not exist', () => {
  it('a link to a room nobody has says so in its heading, without a Try again that cannot help, and offers no composer', async () => {
    mockFetch({ 'GET /room/v1/not-a-room': () => json({ code: 'NOT_FOUND', message: 'Nothing was found at this address.' }, 404) });
    renderAt(<MessageThread viewer={learnerViewer} roomId="not-a-room" listedRoom={undefined} socket={null} connected onBack={() => undefined} headingLevel={3} />);
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('This conversation was not found. Pick one from your conversations.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});

describe('message thread: requesting a slot', () => {
  const ieltsAndEnglish: ChatViewer = { ...learnerViewer, requestSubjects: ['IELTS', 'English'] };
  const open = (viewer: ChatViewer, teacherSubjects: string[]) => {
    const room = chatRoom({ teacher: { _id: TEACHER_ID, name: 'Ananya Iyer', subjects: teacherSubjects } });
    mockFetch({ [`GET /room/v1/${ROOM_ID}`]: () => json({ room, messages: [], hasOlder: false }), 'GET /api/teachers/*': () => json([]) });
    renderAt(<MessageThread viewer={viewer} roomId={ROOM_ID} listedRoom={room} socket={null} connected onBack={() => undefined} headingLevel={3} />);
  };

  it('offers only the subjects the tutor teaches', async () => {
    open(ieltsAndEnglish, ['English']);
    await userEvent.click(await screen.findByRole('button', { name: 'Request a slot' }));
    // One subject left: no subject choice, and the request is in English.
    expect(screen.queryByRole('combobox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Message type' })).toBeInTheDocument();
  });

  it('offers a kid only what the tutor teaches kids: English only from a tutor of kids’ English', async () => {
    const kid: ChatViewer = { ...learnerViewer, as: 'kid', requestSubjects: ['English', 'Financial Education'], planClassDuration: null };
    open(kid, ['English', 'Financial Education']);
    await userEvent.click(await screen.findByRole('button', { name: 'Request a slot' }));
    // Adults' English is not kids' English: Financial Education is left, alone, so there is no choice.
    expect(screen.queryByRole('combobox', { name: 'Subject' })).not.toBeInTheDocument();
  });

  it('tells a kid that a tutor who teaches no kids does not teach kids', async () => {
    const kid: ChatViewer = { ...learnerViewer, as: 'kid', requestSubjects: ['Financial Education'], planClassDuration: null };
    open(kid, ['English', 'IELTS']);
    expect(await screen.findByText('Ananya Iyer does not teach kids. Please pick another tutor.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a slot' })).not.toBeInTheDocument();
  });

  it('tells a kid which subjects a tutor of kids’ English does not teach', async () => {
    const kid: ChatViewer = { ...learnerViewer, as: 'kid', requestSubjects: ['Financial Education'], planClassDuration: null };
    open(kid, ['English', 'Kids English']);
    expect(await screen.findByText('Ananya Iyer does not teach Financial Education, so you cannot request a slot here.')).toBeInTheDocument();
  });

  it('says why a learner whose plans cover no subject to request (a curriculum plan) cannot request a slot', async () => {
    open({ ...learnerViewer, requestSubjects: [], planClassDuration: null }, ['English', 'Curriculum']);
    expect(await screen.findByText('Slot requests in chat are for English and IELTS plans.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a slot' })).not.toBeInTheDocument();
  });

  it('says why no slot can be requested from a tutor who teaches none of the learner’s subjects', async () => {
    open(ieltsAndEnglish, ['Financial Education']);
    expect(await screen.findByText('Ananya Iyer does not teach IELTS or English, so you cannot request a slot here.')).toBeInTheDocument();
    expect(await screen.findByText('Say hello to Ananya Iyer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a slot' })).not.toBeInTheDocument();
  });
});
