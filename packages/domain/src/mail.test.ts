import { describe, expect, it } from 'vitest';
import { DEV_OUTBOX_LIMIT, devOutboxQuery, devOutboxResponse, letter } from './mail';

describe('the development outbox', () => {
  it('lists at most 50 messages', () => {
    expect(DEV_OUTBOX_LIMIT).toBe(50);
  });

  it('filters by one e-mail address or phone number, or none', () => {
    expect(devOutboxQuery.parse({})).toEqual({});
    expect(devOutboxQuery.parse({ to: 'friend@example.com' })).toEqual({ to: 'friend@example.com' });
    expect(devOutboxQuery.parse({ to: '+91 98200 12345' })).toEqual({ to: '+91 98200 12345' });
    expect(devOutboxQuery.safeParse({ to: 'friend' }).success).toBe(false);
  });

  it('answers each message with its status', () => {
    const message = { _id: 'm1', channel: 'mail', to: 'a@example.com', subject: 'A gift', text: 'Open it', status: 'kept', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(devOutboxResponse.parse({ items: [message] }).items[0]).toEqual(message);
    expect(devOutboxResponse.safeParse({ items: [{ ...message, status: 'lost' }] }).success).toBe(false);
    expect(devOutboxResponse.safeParse({ items: [{ ...message, channel: 'pigeon' }] }).success).toBe(false);
  });
});

describe('letter', () => {
  it('greets by name, keeps the lines and their blanks, and signs as Parley', () => {
    expect(letter('Asha', ['First.', '', 'Second.'])).toBe('Hello Asha,\n\nFirst.\n\nSecond.\n\nParley');
  });
});
