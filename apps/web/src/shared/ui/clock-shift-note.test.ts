import { describe, expect, it } from 'vitest';
import { clockShiftText } from './clock-shift-note';

describe('clockShiftText', () => {
  it('says when the class now is for the other person, and by how much it moved', () => {
    expect(clockShiftText({ name: 'Arjun Menon', minutes: 60, otherLocalTime: '4:30 PM' })).toBe('Clocks change: this class is at 4:30 PM for Arjun Menon, 1 hour later than the week before.');
    expect(clockShiftText({ name: 'Riya', minutes: -30, otherLocalTime: '9:00 AM' })).toBe('Clocks change: this class is at 9:00 AM for Riya, 30 minutes earlier than the week before.');
    expect(clockShiftText({ name: 'Riya', minutes: 150, otherLocalTime: '9:00 AM' })).toBe('Clocks change: this class is at 9:00 AM for Riya, 2 hours 30 minutes later than the week before.');
  });
});
