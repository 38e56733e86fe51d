import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingType,
  canBook,
  chatAccess,
  classDurationMin,
  demoBookedSubjects,
  hasFixedClassDuration,
  isDemoPaidFor,
  noSessionsLeftText,
  parseClassDuration,
  sessionSubjectText,
  QUICK_LEARNER_MODE,
  pathAfterBooking,
  returnOneSession,
  spendOneSession,
  SPENT_FROM,
  SUBSCRIPTION_WEEK_DAYS,
  subscriptionWeek,
  countsInWeek,
  totalSessions,
  unbookedSessions,
  withDemoBooked,
} from './sessions';

describe('totalSessions', () => {
  const counts = { availableSession: 7, availableWeeklySession: 2, backlogSession: 3 };
  it('counts availableSession + backlogSession in quick learner mode', () => {
    expect(totalSessions({ ...counts, subscriptionType: 'quick_learner_mode' })).toBe(10);
  });
  it('counts availableWeeklySession + backlogSession for any other type', () => {
    expect(totalSessions({ ...counts, subscriptionType: 'weekly' })).toBe(5);
    expect(totalSessions({ ...counts, subscriptionType: '' })).toBe(5);
  });
});

describe('unbookedSessions: what a plan still holds, every week to come included', () => {
  it('is availableSession + backlogSession in quick learner mode', () => {
    expect(unbookedSessions({ subscriptionType: 'quick_learner_mode', availableSession: 10, availableWeeklySession: 0, backlogSession: 1 })).toBe(11);
  });
  it('is the plan’s sessions left (this week’s allowance is part of them) + backlogSession for a weekly plan', () => {
    expect(unbookedSessions({ subscriptionType: 'weekly', availableSession: 21, availableWeeklySession: 3, backlogSession: 2 })).toBe(23);
    // An allowance given back after availableSession reached 0 is still a session to book.
    expect(unbookedSessions({ subscriptionType: 'weekly', availableSession: 0, availableWeeklySession: 1, backlogSession: 0 })).toBe(1);
    expect(unbookedSessions({ subscriptionType: 'weekly', availableSession: 0, availableWeeklySession: 0, backlogSession: 0 })).toBe(0);
  });
  it('is never less than what the learner can book this week', () => {
    const counts = fc.record({ subscriptionType: fc.constantFrom('quick_learner_mode', 'weekly'), availableSession: fc.nat(40), availableWeeklySession: fc.nat(5), backlogSession: fc.nat(5) });
    fc.assert(fc.property(counts, (c) => unbookedSessions(c) >= totalSessions(c)));
  });
});

describe('classDurationMin', () => {
  const base = { forKids: false, isChatBooking: false };
  it('is 15 min for English', () => {
    expect(classDurationMin({ ...base, subject: 'English', planClassDuration: '25min' })).toBe(15);
    expect(classDurationMin({ ...base, subject: 'English', isChatBooking: true })).toBe(15);
  });
  it('is 25 min for IELTS and 55 min for an IELTS chat booking', () => {
    expect(classDurationMin({ ...base, subject: 'IELTS' })).toBe(25);
    expect(classDurationMin({ ...base, subject: 'IELTS', isChatBooking: true })).toBe(55);
  });
  it('is always 25 min for kids', () => {
    for (const subject of ['English', 'IELTS', 'Financial Education', 'Kids English']) {
      for (const isChatBooking of [true, false]) {
        expect(classDurationMin({ subject, forKids: true, isChatBooking, planClassDuration: '40min' })).toBe(25);
      }
    }
  });
  it("otherwise takes the plan's classDuration", () => {
    expect(classDurationMin({ ...base, subject: 'Peer', planClassDuration: '25min' })).toBe(25);
    expect(classDurationMin({ ...base, subject: 'Financial Education', planClassDuration: '40 min' })).toBe(40);
  });
  it('throws rather than guess when the plan has no duration', () => {
    expect(() => classDurationMin({ ...base, subject: 'Peer' })).toThrow(RangeError);
    expect(() => classDurationMin({ ...base, subject: 'Peer', planClassDuration: 'long' })).toThrow(RangeError);
  });
});

describe('parseClassDuration', () => {
  it('reads minutes from the plan text', () => {
    expect(parseClassDuration('25min')).toBe(25);
    expect(parseClassDuration(' 30 mins ')).toBe(30);
    expect(parseClassDuration('45')).toBe(45);
    expect(parseClassDuration('60 minutes')).toBe(60);
  });
  it('rejects zero and other text', () => {
    for (const text of ['0min', '', 'min', '1h', '-5min', '2.5min']) expect(parseClassDuration(text)).toBeNull();
  });
});

describe('bookingType', () => {
  it('is Demo with a paid demo and no demo booked for the subject', () => {
    expect(bookingType({ isDemoPaid: true, demoBookedSubjects: [], subject: 'English' })).toBe('Demo');
    expect(bookingType({ isDemoPaid: true, demoBookedSubjects: ['IELTS'], subject: 'English' })).toBe('Demo');
  });
  it('is Regular once a demo was booked for the subject, or without a paid demo', () => {
    expect(bookingType({ isDemoPaid: true, demoBookedSubjects: ['English'], subject: 'English' })).toBe('Regular');
    expect(bookingType({ isDemoPaid: false, demoBookedSubjects: [], subject: 'English' })).toBe('Regular');
  });
  it('spends one paid demo once: IELTS has its own, the other subjects share one', () => {
    expect(bookingType({ isDemoPaid: true, demoBookedSubjects: ['English'], subject: 'Financial Education' })).toBe('Regular');
    expect(bookingType({ isDemoPaid: true, demoBookedSubjects: ['Financial Education'], subject: 'Kids English' })).toBe('Regular');
    expect(bookingType({ isDemoPaid: true, demoBookedSubjects: ['English'], subject: 'IELTS' })).toBe('Demo');
    expect(bookingType({ isDemoPaid: true, demoBookedSubjects: ['IELTS'], subject: 'IELTS' })).toBe('Regular');
  });
  it('never books a second demo for a subject after withDemoBooked', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string(), (booked, subject) => {
        const after = withDemoBooked(booked, subject);
        expect(bookingType({ isDemoPaid: true, demoBookedSubjects: after, subject })).toBe('Regular');
        expect(withDemoBooked(after, subject)).toEqual(after);
      }),
    );
  });
});

describe('demo helpers', () => {
  it('flattens demoSessionBooked into unique subjects', () => {
    expect(demoBookedSubjects([{ subjects: ['English'] }, { subjects: ['IELTS', 'English'] }])).toEqual([
      'English',
      'IELTS',
    ]);
  });
  it('reads the IELTS paid-demo flag for IELTS only', () => {
    const flags = { isDemoPayed: false, isIELTSDemoPayed: true };
    expect(isDemoPaidFor({ ...flags, subject: 'IELTS' })).toBe(true);
    expect(isDemoPaidFor({ ...flags, subject: 'English' })).toBe(false);
  });
});

describe('canBook', () => {
  const none = { hasActiveSubscription: false, hasUnusedPaidDemo: false, isKid: false, kidSessionsAvailable: 0 };
  it('lets a subscriber or an unused paid demo book', () => {
    expect(canBook({ ...none, hasActiveSubscription: true })).toBe('ok');
    expect(canBook({ ...none, hasUnusedPaidDemo: true })).toBe('ok');
    expect(canBook({ ...none, isKid: true, hasUnusedPaidDemo: true })).toBe('ok');
  });
  it('sends anyone else down the NOT_SUBSCRIBED path', () => {
    expect(canBook(none)).toBe('NOT_SUBSCRIBED');
    expect(canBook({ ...none, kidSessionsAvailable: 4 })).toBe('NOT_SUBSCRIBED');
  });
  it('tells a subscriber whose live plan has no session left so, not that they are not subscribed', () => {
    expect(canBook({ ...none, hasLivePlan: true })).toBe('NO_SESSIONS_LEFT');
    expect(canBook({ ...none, hasLivePlan: true, hasUnusedPaidDemo: true })).toBe('ok');
    expect(canBook({ ...none, hasLivePlan: true, isKid: true })).toBe('BUY_SESSIONS');
  });
  it('lets a kid book from purchased sessions and prompts to buy when none are left', () => {
    expect(canBook({ ...none, isKid: true, kidSessionsAvailable: 1 })).toBe('ok');
    expect(canBook({ ...none, isKid: true, kidSessionsAvailable: 0 })).toBe('BUY_SESSIONS');
  });
});

describe('noSessionsLeftText', () => {
  const counts = { subscriptionType: 'weekly', availableSession: 0, availableWeeklySession: 0, backlogSession: 0 };
  it('says a weekly plan gives more next week while it holds some, and that every session is used when it holds none', () => {
    expect(noSessionsLeftText({ ...counts, availableSession: 6 })).toBe('You have used this week’s sessions of your plan. Book again next week, or buy a plan to book more now.');
    expect(noSessionsLeftText(counts)).toBe('You have used every session of your plan. Buy a plan to book more.');
    expect(noSessionsLeftText({ ...counts, subscriptionType: QUICK_LEARNER_MODE })).toBe('You have used every session of your plan. Buy a plan to book more.');
  });
});

describe('chatAccess', () => {
  it('needs an available session; learners subscribe, kids buy a session', () => {
    expect(chatAccess({ isKid: false, availableSession: 1, kidSessionsAvailable: 0 })).toBe('ok');
    expect(chatAccess({ isKid: false, availableSession: 0, kidSessionsAvailable: 5 })).toBe('SUBSCRIBE');
    expect(chatAccess({ isKid: true, availableSession: 0, kidSessionsAvailable: 1 })).toBe('ok');
    expect(chatAccess({ isKid: true, availableSession: 5, kidSessionsAvailable: 0 })).toBe('BUY_SESSION');
  });
});

describe('pathAfterBooking', () => {
  it('goes to the IELTS dashboard, the learner home, or stays for kids', () => {
    expect(pathAfterBooking({ subject: 'IELTS', forKids: false })).toBe('/ielts/dashboard');
    expect(pathAfterBooking({ subject: 'English', forKids: false })).toBe('/learner');
    expect(pathAfterBooking({ subject: 'English', forKids: true })).toBeNull();
  });
});

describe('spendOneSession: which count a booking spends, and says so', () => {
  const quick = (availableSession: number, backlogSession: number) => ({ subscriptionType: 'quick_learner_mode', availableSession, availableWeeklySession: 0, backlogSession });
  const weekly = (availableSession: number, availableWeeklySession: number, backlogSession: number) => ({ subscriptionType: 'weekly', availableSession, availableWeeklySession, backlogSession });

  it('spends availableSession first in quick learner mode, then the backlog', () => {
    expect(spendOneSession(quick(2, 1))).toEqual({ counts: { availableSession: 1, availableWeeklySession: 0, backlogSession: 1 }, spentFrom: 'available' });
    expect(spendOneSession(quick(0, 1))).toEqual({ counts: { availableSession: 0, availableWeeklySession: 0, backlogSession: 0 }, spentFrom: 'backlog' });
  });

  it('spends this week’s allowance (and one of availableSession, never below zero) before the backlog', () => {
    expect(spendOneSession(weekly(5, 2, 1))).toEqual({ counts: { availableSession: 4, availableWeeklySession: 1, backlogSession: 1 }, spentFrom: 'weekly_and_available' });
    expect(spendOneSession(weekly(0, 1, 0))).toEqual({ counts: { availableSession: 0, availableWeeklySession: 0, backlogSession: 0 }, spentFrom: 'weekly' });
    expect(spendOneSession(weekly(5, 0, 2))).toEqual({ counts: { availableSession: 5, availableWeeklySession: 0, backlogSession: 1 }, spentFrom: 'backlog' });
  });

  it('takes exactly one session off the total a subscription can book', () => {
    const counts = fc.nat(20);
    fc.assert(
      fc.property(fc.constantFrom('quick_learner_mode', 'weekly'), counts, counts, counts, (subscriptionType, availableSession, availableWeeklySession, backlogSession) => {
        const before = { subscriptionType, availableSession, availableWeeklySession, backlogSession };
        fc.pre(totalSessions(before) > 0);
        const { counts: after, spentFrom } = spendOneSession(before);
        expect(SPENT_FROM).toContain(spentFrom);
        expect(totalSessions({ subscriptionType, ...after })).toBe(totalSessions(before) - 1);
        expect(Math.min(after.availableSession, after.availableWeeklySession, after.backlogSession)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('subscriptionWeek', () => {
  const startsAt = new Date('2030-03-04T10:00:00Z');
  it('counts whole weeks of 7 days from the subscription’s start', () => {
    expect(SUBSCRIPTION_WEEK_DAYS).toBe(7);
    expect(subscriptionWeek(startsAt, startsAt)).toBe(0);
    expect(subscriptionWeek(startsAt, new Date('2030-03-11T09:59:59.999Z'))).toBe(0);
    expect(subscriptionWeek(startsAt, new Date('2030-03-11T10:00:00Z'))).toBe(1);
    expect(subscriptionWeek(startsAt, new Date('2030-03-25T10:00:00Z'))).toBe(3);
  });
});

describe('countsInWeek: each subscription week grants its allowance', () => {
  const startsAt = new Date('2030-03-04T10:00:00Z');
  const steady = { subscriptionType: 'weekly', startsAt, allowanceWeek: 0, availableSession: 21, availableWeeklySession: 0, backlogSession: 0 };

  it('keeps the counts within the week the allowance was granted for', () => {
    expect(countsInWeek(steady, 3, new Date('2030-03-11T09:59:59Z'))).toEqual({ availableSession: 21, availableWeeklySession: 0, backlogSession: 0, allowanceWeek: 0 });
  });

  it('grants weeklySessions again from the next week, whatever the last week left', () => {
    expect(countsInWeek(steady, 3, new Date('2030-03-11T10:00:00Z'))).toEqual({ availableSession: 21, availableWeeklySession: 3, backlogSession: 0, allowanceWeek: 1 });
    expect(countsInWeek({ ...steady, availableWeeklySession: 2 }, 3, new Date('2030-03-25T10:00:00Z'))).toEqual({ availableSession: 21, availableWeeklySession: 3, backlogSession: 0, allowanceWeek: 3 });
  });

  it('never grants more than the plan has left, and leaves the backlog alone', () => {
    expect(countsInWeek({ ...steady, availableSession: 2, backlogSession: 1 }, 3, new Date('2030-03-12T00:00:00Z'))).toEqual({ availableSession: 2, availableWeeklySession: 2, backlogSession: 1, allowanceWeek: 1 });
  });

  it('changes nothing in quick learner mode, which has no weeks', () => {
    const quick = { ...steady, subscriptionType: 'quick_learner_mode' };
    expect(countsInWeek(quick, 3, new Date('2030-04-01T00:00:00Z'))).toEqual({ availableSession: 21, availableWeeklySession: 0, backlogSession: 0, allowanceWeek: 0 });
  });
});

describe('returnOneSession: a spent session given back where it was spent from', () => {
  const startsAt = new Date('2030-03-04T00:00:00Z');
  const spentAt = new Date('2030-03-05T12:00:00Z'); // in the subscription's first week
  const sameWeek = new Date('2030-03-10T23:59:00Z');
  const nextWeek = new Date('2030-03-11T00:00:00Z');
  const subscriptionTypes = fc.constantFrom('quick_learner_mode', 'weekly');
  const counts = fc.nat(20);

  it('spend then return in the same week leaves the counts exactly as they were, for every source', () => {
    fc.assert(
      fc.property(subscriptionTypes, counts, counts, counts, (subscriptionType, availableSession, availableWeeklySession, backlogSession) => {
        const before = { subscriptionType, availableSession, availableWeeklySession, backlogSession };
        fc.pre(totalSessions(before) > 0);
        const { counts: spent, spentFrom } = spendOneSession(before);
        const returned = returnOneSession({ subscription: { subscriptionType, startsAt, ...spent }, spend: { spentFrom, spentAt }, now: sameWeek });
        expect(returned).toEqual({ availableSession, availableWeeklySession, backlogSession });
      }),
    );
  });

  it('covers every source: each one is spent by some counts, and given back to it', () => {
    const seen = new Set<string>();
    for (const before of [
      { subscriptionType: 'quick_learner_mode', availableSession: 1, availableWeeklySession: 0, backlogSession: 0 },
      { subscriptionType: 'quick_learner_mode', availableSession: 0, availableWeeklySession: 0, backlogSession: 1 },
      { subscriptionType: 'weekly', availableSession: 3, availableWeeklySession: 1, backlogSession: 0 },
      { subscriptionType: 'weekly', availableSession: 0, availableWeeklySession: 1, backlogSession: 0 },
      { subscriptionType: 'weekly', availableSession: 3, availableWeeklySession: 0, backlogSession: 2 },
    ]) {
      const { counts: spent, spentFrom } = spendOneSession(before);
      seen.add(spentFrom);
      const { subscriptionType, ...asBefore } = before;
      expect(returnOneSession({ subscription: { subscriptionType, startsAt, ...spent }, spend: { spentFrom, spentAt }, now: sameWeek })).toEqual(asBefore);
    }
    expect([...seen].sort()).toEqual([...SPENT_FROM].sort());
  });

  it('gives this week’s allowance spent in an earlier week back to the backlog, as that week’s unused allowance', () => {
    const after = { availableSession: 4, availableWeeklySession: 0, backlogSession: 1 };
    const subscription = { subscriptionType: 'weekly', startsAt, ...after };
    for (const spentFrom of ['weekly_and_available', 'weekly'] as const) {
      expect(returnOneSession({ subscription, spend: { spentFrom, spentAt }, now: nextWeek })).toEqual({ availableSession: 4, availableWeeklySession: 0, backlogSession: 2 });
    }
    // The backlog and availableSession have no week: they get theirs back whenever.
    expect(returnOneSession({ subscription, spend: { spentFrom: 'backlog', spentAt }, now: nextWeek })).toEqual({ availableSession: 4, availableWeeklySession: 0, backlogSession: 2 });
    const quick = { ...subscription, subscriptionType: 'quick_learner_mode' };
    expect(returnOneSession({ subscription: quick, spend: { spentFrom: 'available', spentAt }, now: nextWeek })).toEqual({ availableSession: 5, availableWeeklySession: 0, backlogSession: 1 });
  });

  it('adds exactly one to the total, whenever it is given back', () => {
    fc.assert(
      fc.property(subscriptionTypes, counts, counts, counts, fc.nat(60), (subscriptionType, availableSession, availableWeeklySession, backlogSession, daysLater) => {
        const before = { subscriptionType, availableSession, availableWeeklySession, backlogSession };
        fc.pre(totalSessions(before) > 0);
        const { counts: spent, spentFrom } = spendOneSession(before);
        const now = new Date(spentAt.getTime() + daysLater * 86_400_000);
        const returned = returnOneSession({ subscription: { subscriptionType, startsAt, ...spent }, spend: { spentFrom, spentAt }, now });
        expect(totalSessions({ subscriptionType, ...returned })).toBe(totalSessions(before));
      }),
    );
  });

  it('without a recorded source (sessions booked before it was kept): availableSession in quick learner mode, this week’s allowance and availableSession otherwise', () => {
    const legacy = (subscriptionType: string, c: { availableSession: number; availableWeeklySession: number; backlogSession: number }) =>
      returnOneSession({ subscription: { subscriptionType, startsAt, ...c }, spend: null, now: nextWeek });
    expect(legacy('quick_learner_mode', { availableSession: 0, availableWeeklySession: 0, backlogSession: 1 })).toEqual({ availableSession: 1, availableWeeklySession: 0, backlogSession: 1 });
    expect(legacy('weekly', { availableSession: 4, availableWeeklySession: 1, backlogSession: 1 })).toEqual({ availableSession: 5, availableWeeklySession: 2, backlogSession: 1 });
    fc.assert(
      fc.property(subscriptionTypes, counts, counts, counts, (subscriptionType, availableSession, availableWeeklySession, backlogSession) => {
        const returned = legacy(subscriptionType, { availableSession, availableWeeklySession, backlogSession });
        expect(totalSessions({ subscriptionType, ...returned })).toBe(totalSessions({ subscriptionType, availableSession, availableWeeklySession, backlogSession }) + 1);
      }),
    );
  });
});

describe('hasFixedClassDuration', () => {
  it('is true exactly where classDurationMin needs no plan', () => {
    for (const subject of ['English', 'IELTS', 'Financial Education']) {
      for (const forKids of [true, false]) {
        const fixed = hasFixedClassDuration({ subject, forKids });
        const withoutPlan = () => classDurationMin({ subject, forKids, isChatBooking: false });
        if (fixed) expect(withoutPlan()).toBeGreaterThan(0);
        else expect(withoutPlan).toThrow(RangeError);
      }
    }
  });
});

describe('sessionSubjectText', () => {
  it('says a kids’ session as "English · Kids", any other by its subject', () => {
    expect(sessionSubjectText('English', true)).toBe('English · Kids');
    expect(sessionSubjectText('IELTS', false)).toBe('IELTS');
  });
});
