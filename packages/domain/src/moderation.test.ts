import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEARNER_SEARCH_MIN,
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
  influencerApplicationsQuery,
  learnerSearchQuery,
  maskPhoneNumber,
  moderationReasonPayload,
  moderatorActionKinds,
  moderatorActionLabels,
  moderatorTutorsQuery,
} from './moderation';

describe('a moderator’s reason', () => {
  it('takes 5 to 500 characters, counted without the surrounding spaces', () => {
    expect([MODERATION_REASON_MIN, MODERATION_REASON_MAX]).toEqual([5, 500]);
    expect(moderationReasonPayload.safeParse({ reason: '  abcd  ' }).success).toBe(false);
    expect(moderationReasonPayload.safeParse({ reason: 'abcde' }).success).toBe(true);
    expect(moderationReasonPayload.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    expect(moderationReasonPayload.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });

  it('keeps new lines but refuses control characters', () => {
    expect(moderationReasonPayload.safeParse({ reason: 'Line one\nline two' }).success).toBe(true);
    expect(moderationReasonPayload.safeParse({ reason: 'Bad \u0000 byte' }).success).toBe(false);
  });
});

describe('searching', () => {
  it('finds learners from 2 characters, trimmed', () => {
    expect(LEARNER_SEARCH_MIN).toBe(2);
    expect(learnerSearchQuery.safeParse({ q: ' a ' }).success).toBe(false);
    expect(learnerSearchQuery.parse({ q: ' ab ' })).toEqual({ q: 'ab' });
    expect(learnerSearchQuery.safeParse({}).success).toBe(false);
  });

  it('lists tutors and applications a page at a time, 20 by default and never more than 50', () => {
    expect(moderatorTutorsQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(moderatorTutorsQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(influencerApplicationsQuery.parse({ status: 'Pending', page: '2' })).toEqual({ status: 'Pending', page: 2, limit: 20 });
    expect(influencerApplicationsQuery.safeParse({ status: 'pending' }).success).toBe(false);
  });
});

describe('maskPhoneNumber', () => {
  it('shows only the last four digits and keeps the number’s shape', () => {
    expect(maskPhoneNumber('+91 98200 12345')).toBe('+•• ••••• •2345');
    expect(maskPhoneNumber('123')).toBe('123');
  });

  it('never shows more than four digits, and keeps the length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[0-9 ]{0,20}$/), (phone) => {
        const masked = maskPhoneNumber(phone);
        expect(masked).toHaveLength(phone.length);
        expect(masked.replace(/\D/g, '').length).toBe(Math.min(4, phone.replace(/\D/g, '').length));
        expect(masked.replace(/\D/g, '')).toBe(phone.replace(/\D/g, '').slice(-4));
      }),
    );
  });
});

it('names every kind of moderator action', () => {
  expect(Object.keys(moderatorActionLabels).sort()).toEqual([...moderatorActionKinds].sort());
});
