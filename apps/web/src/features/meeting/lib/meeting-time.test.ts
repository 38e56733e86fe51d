import { describe, expect, it } from 'vitest';
import { sessionTimeLabel } from './meeting-time';

describe('meeting times', () => {
  it('writes the session’s day and times', () => {
    expect(sessionTimeLabel(new Date('2030-03-04T09:30:00Z'), new Date('2030-03-04T09:55:00Z'), 'Asia/Kolkata')).toBe('Mon, 4 Mar 2030, 3:00 PM–3:25 PM');
  });
});
