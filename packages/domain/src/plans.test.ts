import { describe, expect, it } from 'vitest';
import { classDurationLabel, plansResponse } from './plans';
import { classDurationMin, parseClassDuration } from './sessions';

describe('plans on the wire', () => {
  it('labels a class length so the duration rule reads it back', () => {
    for (const minutes of [15, 25, 55]) {
      expect(parseClassDuration(classDurationLabel(minutes))).toBe(minutes);
      expect(classDurationMin({ subject: 'Financial Education', forKids: false, isChatBooking: false, planClassDuration: classDurationLabel(minutes) })).toBe(minutes);
    }
  });

  it('needs a price in a known currency', () => {
    const plan = { _id: 'p', name: 'Plan', subject: 'English', subscriptionType: 'weekly', classDuration: '15min', sessionCount: 12, weeklySessions: 3, validityDays: 30 };
    expect(plansResponse.safeParse({ items: [{ ...plan, price: { amountMinor: 299900, currency: 'INR' } }] }).success).toBe(true);
    expect(plansResponse.safeParse({ items: [{ ...plan, price: { amountMinor: 299900, currency: 'EUR' } }] }).success).toBe(false);
  });
});
