import { describe, expect, it } from 'vitest';
import {
  CHAT_FILE_LIMIT,
  chatMessageLength,
  chatroomMessagePayload,
  hasVisibleCharacter,
  MAX_CHAT_MESSAGE_CHARS,
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  ROOM_EVENT_BURST,
  ROOM_EVENTS_PER_SECOND,
  recentMessageText,
} from './chat';
import { messages } from './messages';

describe('chat budgets', () => {
  it('a person sends twenty messages at once, then three a second', () => {
    expect([MESSAGE_BURST, MESSAGES_PER_SECOND]).toEqual([20, 3]);
  });

  it('room events have their own budget, roomier than the messages whose reads they carry', () => {
    expect([ROOM_EVENT_BURST, ROOM_EVENTS_PER_SECOND]).toEqual([30, 5]);
    expect(ROOM_EVENT_BURST).toBeGreaterThan(MESSAGE_BURST);
    expect(ROOM_EVENTS_PER_SECOND).toBeGreaterThan(MESSAGES_PER_SECOND);
  });

  it('a person sends ten chat files in ten minutes, and is told how long to wait for the next', () => {
    expect(CHAT_FILE_LIMIT).toEqual({ max: 10, windowMin: 10 });
    expect(messages.sendingFilesTooFast(1)).toBe('You have sent a lot of files in a short time. Please wait a minute and send it again.');
    expect(messages.sendingFilesTooFast(7)).toBe('You have sent a lot of files in a short time. Please wait 7 minutes and send it again.');
  });
});

describe('chatroomMessagePayload', () => {
  const request = { chatroomId: '5d0f3c1e-8f6a-4a2b-9c1d-2e3f4a5b6c7d', msgType: 'Session', message: 'Topic?', sessionDate: '2026-03-10', sessionTime: '11:00', subject: 'English' };

  it('keeps only the id and kind of a topic: its name and level come from the curriculum', () => {
    const parsed = chatroomMessagePayload.parse({ ...request, topic: { id: '0b7e6a52-3c1f-4d8e-a9b0-1c2d3e4f5a6b', kind: 'certificate', name: 'C2 Mastery Level Test', level: 'C2' } });
    expect(parsed.msgType === 'Session' && parsed.topic).toEqual({ id: '0b7e6a52-3c1f-4d8e-a9b0-1c2d3e4f5a6b', kind: 'certificate' });
  });

  it('refuses a topic id that is not an id', () => {
    expect(chatroomMessagePayload.safeParse({ ...request, topic: { id: 'interviews', name: 'Job interviews', level: 'B2' } }).success).toBe(false);
  });
});

describe('a chat message’s text', () => {
  const text = (message: string) => chatroomMessagePayload.safeParse({ chatroomId: '5d0f3c1e-8f6a-4a2b-9c1d-2e3f4a5b6c7d', msgType: 'Text', message });
  const refusal = (message: string) => text(message).error?.issues[0]?.message;

  it('needs a character that shows (spec §5): spaces, newlines and characters drawn as nothing are refused with "Type a message"', () => {
    for (const blank of ['', '   ', '\t\n', '\u00a0', '\u200b\u200b', '\u2060', '\ufeff', ' \u200b\n\u200d ', '\u3164\u3164', '\u2800', '\u00ad', '\ufe0f']) {
      expect(hasVisibleCharacter(blank), JSON.stringify(blank)).toBe(false);
      expect(refusal(blank), JSON.stringify(blank)).toBe('Type a message');
    }
  });

  it('takes any text with one character that shows, whatever invisible ones come with it', () => {
    for (const shown of ['Hi', '😀', '\u200bok\u200b', 'नमस्ते', 'مرحبا', '👩\u200d💻', '.']) {
      expect(hasVisibleCharacter(shown), shown).toBe(true);
      expect(text(shown).success, shown).toBe(true);
    }
  });

  it('counts characters, not UTF-16 halves: an emoji is one', () => {
    expect(chatMessageLength('😀'.repeat(1001))).toBe(1001);
    expect(chatMessageLength('Héllo')).toBe(5);
    expect(text('😀'.repeat(MAX_CHAT_MESSAGE_CHARS)).success).toBe(true);
    expect(refusal('😀'.repeat(MAX_CHAT_MESSAGE_CHARS + 1))).toBe('Use at most 2000 characters');
  });

  it('counts the text as it is kept, without the spaces around it', () => {
    const parsed = text(`  ${'a'.repeat(MAX_CHAT_MESSAGE_CHARS)}\n`);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.message.trim().length).toBe(parsed.data?.message.length);
  });
});

describe('a conversation’s last message in the list', () => {
  it('says what a request or a file is, with its note', () => {
    expect(recentMessageText({ type: 'Text', message: 'See you soon' })).toBe('See you soon');
    expect(recentMessageText({ type: 'Session', message: 'kids' })).toBe('Session request: kids');
    expect(recentMessageText({ type: 'Session', message: '' })).toBe('Session request');
    expect(recentMessageText({ type: 'File', message: '' })).toBe('File');
  });
});
