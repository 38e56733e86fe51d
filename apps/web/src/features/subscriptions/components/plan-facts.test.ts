import { describe, expect, it } from 'vitest';
import type { Plan } from '@parley/domain/plans';
import { planFacts } from './plan-facts';

const plan = (overrides: Partial<Plan> = {}): Plan => ({
  _id: 'plan-1',
  name: 'English · Starter',
  subject: 'English',
  subscriptionType: 'weekly',
  classDuration: '25min',
  sessionCount: 8,
  weeklySessions: 2,
  validityDays: 30,
  price: { amountMinor: 99_900, currency: 'INR' },
  ...overrides,
});

const texts = (p: Plan) => planFacts(p).map((fact) => fact.text);

describe('planFacts', () => {
  it('counts sessions and days in the plural', () => {
    expect(texts(plan())).toEqual(['8 sessions', '2 sessions a week', '25 min classes', 'Valid for 30 days']);
  });

  it('says one session and one day in the singular', () => {
    expect(texts(plan({ sessionCount: 1, weeklySessions: 1, validityDays: 1 }))).toEqual(['1 session', '1 session a week', '25 min classes', 'Valid for 1 day']);
  });

  it('says no weekly count for a quick learner plan, which has no weekly cap', () => {
    expect(texts(plan({ subscriptionType: 'quick_learner_mode', sessionCount: 12, weeklySessions: 3 }))).toEqual(['12 sessions', '25 min classes', 'Valid for 30 days']);
  });

  it('leaves out counts a plan does not have', () => {
    expect(texts(plan({ sessionCount: 0, weeklySessions: 0 }))).toEqual(['25 min classes', 'Valid for 30 days']);
  });
});
