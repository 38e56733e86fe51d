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
  parseClassDuration,
  pathAfterBooking,
  returnOneSession,
  spendOneSession,
  totalSessions,
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
  it('lets a kid book from purchased sessions and prompts to buy when none are left', () => {
    expect(canBook({ ...none, isKid: true, kidSessionsAvailable: 1 })).toBe('ok');
    expect(canBook({ ...none, isKid: true, kidSessionsAvailable: 0 })).toBe('BUY_SESSIONS');
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

describe('spendOneSession: which count a booking spends', () => {
  const quick = (availableSession: number, backlogSession: number) => ({ subscriptionType: 'quick_learner_mode', availableSession, availableWeeklySession: 0, backlogSession });
  const weekly = (availableSession: number, availableWeeklySession: number, backlogSession: number) => ({ subscriptionType: 'weekly', availableSession, availableWeeklySession, backlogSession });

  it('spends availableSession first in quick learner mode, then the backlog', () => {
    expect(spendOneSession(quick(2, 1))).toEqual({ availableSession: 1, availableWeeklySession: 0, backlogSession: 1 });
    expect(spendOneSession(quick(0, 1))).toEqual({ availableSession: 0, availableWeeklySession: 0, backlogSession: 0 });
  });

  it('spends this week’s allowance (and one of availableSession, never below zero) before the backlog', () => {
    expect(spendOneSession(weekly(5, 2, 1))).toEqual({ availableSession: 4, availableWeeklySession: 1, backlogSession: 1 });
    expect(spendOneSession(weekly(0, 1, 0))).toEqual({ availableSession: 0, availableWeeklySession: 0, backlogSession: 0 });
    expect(spendOneSession(weekly(5, 0, 2))).toEqual({ availableSession: 5, availableWeeklySession: 0, backlogSession: 1 });
  });

  it('takes exactly one session off the total a subscription can book', () => {
    const counts = fc.nat(20);
    fc.assert(
      fc.property(fc.constantFrom('quick_learner_mode', 'weekly'), counts, counts, counts, (subscriptionType, availableSession, availableWeeklySession, backlogSession) => {
        const before = { subscriptionType, availableSession, availableWeeklySession, backlogSession };
        fc.pre(totalSessions(before) > 0);
        const after = spendOneSession(before);
        expect(totalSessions({ subscriptionType, ...after })).toBe(totalSessions(before) - 1);
        expect(Math.min(after.availableSession, after.availableWeeklySession, after.backlogSession)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('returnOneSession: a spent session given back', () => {
  it('returns to availableSession in quick learner mode, and to this week’s allowance otherwise', () => {
    expect(returnOneSession({ subscriptionType: 'quick_learner_mode', availableSession: 0, availableWeeklySession: 0, backlogSession: 1 })).toEqual({ availableSession: 1, availableWeeklySession: 0, backlogSession: 1 });
    expect(returnOneSession({ subscriptionType: 'weekly', availableSession: 4, availableWeeklySession: 1, backlogSession: 1 })).toEqual({ availableSession: 5, availableWeeklySession: 2, backlogSession: 1 });
  });

  it('adds one to the total, and booking again right after restores the counts exactly', () => {
    const counts = fc.nat(20);
    fc.assert(
      fc.property(fc.constantFrom('quick_learner_mode', 'weekly'), counts, counts, counts, (subscriptionType, availableSession, availableWeeklySession, backlogSession) => {
        const before = { subscriptionType, availableSession, availableWeeklySession, backlogSession };
        const returned = returnOneSession(before);
        expect(totalSessions({ subscriptionType, ...returned })).toBe(totalSessions(before) + 1);
        expect(spendOneSession({ subscriptionType, ...returned })).toEqual({ availableSession, availableWeeklySession, backlogSession });
      }),
    );
  });

  it('undoes a booking that spent from this week’s allowance or from availableSession', () => {
    const weekly = { subscriptionType: 'weekly', availableSession: 5, availableWeeklySession: 2, backlogSession: 1 };
    expect(returnOneSession({ subscriptionType: 'weekly', ...spendOneSession(weekly) })).toEqual({ availableSession: 5, availableWeeklySession: 2, backlogSession: 1 });
    const quick = { subscriptionType: 'quick_learner_mode', availableSession: 3, availableWeeklySession: 0, backlogSession: 2 };
    expect(returnOneSession({ subscriptionType: 'quick_learner_mode', ...spendOneSession(quick) })).toEqual({ availableSession: 3, availableWeeklySession: 0, backlogSession: 2 });
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
