import type { ChatMessage, ChatRoom } from '@parley/domain/chat';

// Test data for the chat feature's component tests (never imported by app code).

export const ROOM_ID = '7b0c7c6e-3f1a-4a53-9a3e-2f0f1d2c3b4a';
export const LEARNER_ID = '1a2b3c4d-0000-4000-8000-000000000001';
export const TEACHER_ID = '1a2b3c4d-0000-4000-8000-000000000002';

export function chatMessage(overrides: Partial<ChatMessage> & { seq: number }): ChatMessage {
  return {
    _id: `00000000-0000-4000-8000-${String(overrides.seq).padStart(12, '0')}`,
    room: ROOM_ID,
    type: 'Text',
    message: `message ${overrides.seq}`,
    createdAt: '2026-03-10T09:00:00.000Z',
    learner: LEARNER_ID,
    teacher: null,
    status: null,
    sessionDate: null,
    sessionTime: null,
    sessionStartAt: null,
    subject: null,
    topic: null,
    forKids: false,
    file: null,
    ...overrides,
  };
}

/** A learner's session request starting at `startAt` (ISO). */
export function sessionRequest(seq: number, startAt: string, status: ChatMessage['status'] = 'Requested'): ChatMessage {
  return chatMessage({
    seq,
    type: 'Session',
    message: 'Can we practise interviews?',
    status,
    sessionDate: startAt.slice(0, 10),
    sessionTime: startAt.slice(11, 16),
    sessionStartAt: startAt,
    subject: 'English',
  });
}

export function chatRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    _id: ROOM_ID,
    teacher: { _id: TEACHER_ID, name: 'Ananya Iyer', subjects: ['English', 'IELTS'] },
    teacherImage: `/api/assets/avatar/${TEACHER_ID}.svg`,
    learner: { _id: LEARNER_ID, name: 'Rohan Sharma' },
    recentMessage: { message: 'See you soon', createdAt: '2026-03-10T09:00:00.000Z' },
    learnerUnread: 2,
    teacherUnread: 0,
    forKids: false,
    ...overrides,
  };
}
