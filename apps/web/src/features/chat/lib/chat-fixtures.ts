import type { ChatMessage } from '@parley/domain/chat';

// Test data for the chat feature's component tests (never imported by app code).

import { LEARNER_ID, ROOM_ID } from '../../../test/fixtures';

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

