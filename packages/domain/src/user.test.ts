import { describe, expect, it } from 'vitest';
import { liveSubscriptions, subscriptionFor, type ActiveSubscription } from './user';

describe('a learner’s live plans', () => {
  const plan = (id: string, subject: string): ActiveSubscription => ({
    _id: id,
    subjects: [subject],
    subscriptionType: 'weekly',
    availableSession: 3,
    availableWeeklySession: 3,
    backlogSession: 0,
    expiresAt: '2030-01-01T00:00:00.000Z',
    plan: { _id: `plan-${id}`, name: subject, classDuration: '15min' },
  });
  const ielts = plan('a', 'IELTS');
  const english = plan('b', 'English');

  it('finds each subject’s plan, not only the newest', () => {
    const record = { activeSubscription: ielts, activeSubscriptions: [ielts, english] };
    expect(subscriptionFor(record, 'English')).toBe(english);
    expect(subscriptionFor(record, 'IELTS')).toBe(ielts);
    expect(subscriptionFor(record, 'Financial Education')).toBeNull();
    expect(liveSubscriptions(record)).toEqual([ielts, english]);
  });

  it('reads a record stored before the list was sent as its one plan', () => {
    expect(liveSubscriptions({ activeSubscription: ielts })).toEqual([ielts]);
    expect(liveSubscriptions({ activeSubscription: null })).toEqual([]);
  });
});
