import { describe, expect, it } from 'vitest';
import { profileUpdatePayload, signupPayload, timeZoneSchema } from './auth';
import { newKidPayload } from './kids';

const messagesFor = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message) ?? [];

describe('names', () => {
  const signup = (name: string) => signupPayload.safeParse({ name, email: 'a@example.com', password: 'correct horse', country: 'IN', timezone: 'Asia/Kolkata' });

  it('an empty name asks for it; a one-letter name says it is too short', () => {
    expect(messagesFor(signup('   '), 'name')).toEqual(['Enter your name']);
    expect(messagesFor(signup('R'), 'name')).toEqual(['A name needs at least 2 letters']);
    expect(signup(' Ro ').success).toBe(true);
  });

  it('the profile and a kid’s name follow the same rule', () => {
    const profile = profileUpdatePayload.safeParse({ name: 'R', phoneNumber: null, dob: null, country: 'IN', timezone: 'Asia/Kolkata' });
    expect(messagesFor(profile, 'name')).toEqual(['A name needs at least 2 letters']);
    expect(messagesFor(newKidPayload.safeParse({ name: '' }), 'name')).toEqual(['Enter the kid’s name']);
    expect(messagesFor(newKidPayload.safeParse({ name: 'A' }), 'name')).toEqual(['A kid’s name needs at least 2 letters']);
  });
});

describe('timeZoneSchema', () => {
  it('keeps a zone by its current IANA name, and refuses an unknown one', () => {
    expect(timeZoneSchema.parse('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(timeZoneSchema.parse('Europe/London')).toBe('Europe/London');
    expect(timeZoneSchema.safeParse('Mars/Base').success).toBe(false);
  });
});
