import { describe, expect, it } from 'vitest';
import {
  weeklyClockShift,
  ATTENDANCE_MIN_SHARE,
  attendanceNote,
  cancellationNotice,
  cancelledNotice,
  movedIntoLateWindow,
  bookedIntoLateWindow,
  rescheduleNotice,
  lateCancelFrom,
  cancellationRefunds,
  formatSessionTime,
  restateSessionTimes,
  FREE_CANCEL_BEFORE_HOURS,
  JOIN_OPENS_BEFORE_MIN,
  joinWindow,
  minutesPresent,
  outcomeRefunds,
  presentMs,
  REMINDER_OFFSETS_MIN,
  reminderTimes,
  sessionOutcome,
} from './live-sessions';

const at = (iso: string) => new Date(iso);
const start = at('2026-12-01T10:00:00Z');
const end = at('2026-12-01T10:30:00Z');
const stretch = (from: string, to: string | null) => ({ joinedAt: at(`2026-12-01T${from}:00Z`), leftAt: to ? at(`2026-12-01T${to}:00Z`) : null });

describe('joining the class', () => {
  it('opens 10 minutes before the start and closes at the end', () => {
    expect(JOIN_OPENS_BEFORE_MIN).toBe(10);
    expect(joinWindow(at('2026-12-01T09:49:59Z'), start, end)).toBe('too-early');
    expect(joinWindow(at('2026-12-01T09:50:00Z'), start, end)).toBe('open');
    expect(joinWindow(at('2026-12-01T10:29:59Z'), start, end)).toBe('open');
    expect(joinWindow(end, start, end)).toBe('ended');
  });
});

describe('cancelling', () => {
  it('gives a learner the session back 12 hours or more ahead, and spends it later', () => {
    expect(FREE_CANCEL_BEFORE_HOURS).toBe(12);
    expect(cancellationRefunds('learner', at('2026-11-30T22:00:00Z'), start)).toBe(true);
    expect(cancellationRefunds('learner', at('2026-11-30T22:00:01Z'), start)).toBe(false);
  });

  it('a new time under 12 hours away is one a moved session could no longer be cancelled from for free', () => {
    expect(lateCancelFrom(start, at('2026-11-30T22:00:00Z'))).toBe(false);
    expect(lateCancelFrom(start, at('2026-11-30T22:00:01Z'))).toBe(true);
  });

  it.each([
    [false, 'The new time is less than 12 hours away: once the session is moved there, cancelling it spends the session.'],
    [true, 'The new time is less than 12 hours away: once the demo is moved there, cancelling it spends the demo.'],
  ] as const)('warns before a move into the last 12 hours: demo %s', (demo, warning) => {
    expect(movedIntoLateWindow(demo)).toBe(warning);
  });

  it.each([
    [false, 'This time is less than 12 hours away: once it is booked, cancelling it spends the session.'],
    [true, 'This time is less than 12 hours away: once it is booked, cancelling it spends the demo.'],
  ] as const)('warns before booking a time in the last 12 hours: demo %s', (demo, warning) => {
    expect(bookedIntoLateWindow(demo)).toBe(warning);
  });

  // A demo moved late is spent, and the new time is paid like any booking: with one of the learner's sessions.
  it.each([
    [true, false, 'Your session is moved. The old one was given back, so the move costs no session.'],
    [false, false, 'Your session is moved. It was less than 12 hours to the old start, so that session was spent and the new one used another.'],
    [true, true, 'Your demo is moved. The old time was given back, so the move costs nothing.'],
    [false, true, 'Your demo is moved. It was less than 12 hours to the old start, so the demo was spent and the new time used a session.'],
  ] as const)('says what a move cost: refunded %s, demo %s', (refunded, demo, notice) => {
    expect(rescheduleNotice(refunded, demo)).toBe(notice);
  });

  it('always gives the session back when the tutor cancels', () => {
    expect(cancellationRefunds('tutor', at('2026-12-01T09:59:00Z'), start)).toBe(true);
  });

  // Before confirming, then (past tense) once done; a demo given back can be booked again.
  it.each([
    ['learner', true, false, 'You will get this session back.', 'The session is cancelled. You got it back.'],
    ['learner', false, false, 'It is less than 12 hours to the start, so this session will be spent.', 'The session is cancelled. It was less than 12 hours to the start, so it was spent.'],
    ['tutor', true, false, 'The learner will get this session back.', 'The session is cancelled. The learner got it back.'],
    ['learner', true, true, 'You can book your demo again.', 'The demo is cancelled. You can book it again.'],
    ['learner', false, true, 'It is less than 12 hours to the start, so this demo will be spent.', 'The demo is cancelled. It was less than 12 hours to the start, so it was spent.'],
    ['tutor', true, true, 'The learner can book their demo again.', 'The demo is cancelled. The learner can book it again.'],
  ] as const)('says whether what was booked comes back: %s, refunded %s, demo %s', (by, refunded, demo, before, after) => {
    expect(cancellationNotice(by, refunded, demo)).toBe(before);
    expect(cancelledNotice(by, refunded, demo)).toBe(after);
  });
});

describe('attendance', () => {
  it('counts overlapping stretches once and clips them to the session', () => {
    expect(presentMs([stretch('09:50', '10:10'), stretch('10:05', '10:20')], start, end)).toBe(20 * 60_000);
    expect(presentMs([stretch('10:20', null)], start, end)).toBe(10 * 60_000);
    expect(minutesPresent([stretch('10:00', '10:14'), stretch('10:20', '10:21')], start, end)).toBe(15);
  });

  it('is Completed when both were there for at least half', () => {
    expect(ATTENDANCE_MIN_SHARE).toBe(0.5);
    expect(sessionOutcome({ startAt: start, endAt: end, learner: [stretch('10:00', '10:15')], tutor: [stretch('09:55', null)] })).toBe('Completed');
  });

  it.each([
    ['learner', 30, 'It counts as attended when you are in the class for at least half of it: 15 of its 30 minutes.'],
    ['learner', 25, 'It counts as attended when you are in the class for at least half of it: 13 of its 25 minutes.'],
    ['tutor', 15, 'Be in the class for at least half of it (8 of its 15 minutes), or it counts as a tutor no-show and the learner gets the session back.'],
  ] as const)('tells the %s in the lobby how long to stay for a %s-minute class', (side, minutes, note) => {
    expect(attendanceNote(side, minutes)).toBe(note);
  });

  it('blames the tutor first, and only a tutor no-show gives the session back', () => {
    expect(sessionOutcome({ startAt: start, endAt: end, learner: [], tutor: [stretch('10:00', '10:14')] })).toBe('TutorNoShow');
    expect(sessionOutcome({ startAt: start, endAt: end, learner: [stretch('10:00', '10:14')], tutor: [stretch('10:00', null)] })).toBe('LearnerNoShow');
    expect(outcomeRefunds('TutorNoShow')).toBe(true);
    expect(outcomeRefunds('LearnerNoShow')).toBe(false);
    expect(outcomeRefunds('Completed')).toBe(false);
  });
});

describe('reminders', () => {
  it('go 24 hours and 15 minutes before, unless already past', () => {
    expect(REMINDER_OFFSETS_MIN).toEqual([1440, 15]);
    expect(reminderTimes(start, at('2026-11-29T10:00:00Z')).map((r) => r.dueAt.toISOString())).toEqual(['2026-11-30T10:00:00.000Z', '2026-12-01T09:45:00.000Z']);
    expect(reminderTimes(start, at('2026-12-01T09:00:00Z')).map((r) => r.offsetMin)).toEqual([15]);
    expect(reminderTimes(start, at('2026-12-01T09:50:00Z'))).toEqual([]);
  });
});

describe('formatSessionTime', () => {
  it('writes the start in the recipient’s timezone, naming the zone', () => {
    expect(formatSessionTime(start, 'Asia/Kolkata')).toBe('Tue, 1 Dec 2026, 3:30 PM (Asia/Kolkata)');
    expect(formatSessionTime(start, 'America/New_York')).toBe('Tue, 1 Dec 2026, 5:00 AM (America/New_York)');
    // The hour after midnight is 12, not 0 (en-GB's own 12-hour clock counts 0–11).
    expect(formatSessionTime(new Date('2026-12-03T19:10:00Z'), 'Asia/Kolkata')).toBe('Fri, 4 Dec 2026, 12:40 AM (Asia/Kolkata)');
    expect(formatSessionTime(new Date('2026-12-04T06:40:00Z'), 'UTC')).toBe('Fri, 4 Dec 2026, 6:40 AM (UTC)');
    expect(formatSessionTime(new Date('2026-12-04T12:05:00Z'), 'UTC')).toBe('Fri, 4 Dec 2026, 12:05 PM (UTC)');
  });
});

describe('restateSessionTimes', () => {
  it('says each session time a notice was written with in the reader’s zone now, naming it', () => {
    const body = `Ananya Iyer booked your English session for ${formatSessionTime(start, 'America/New_York')}.`;
    expect(restateSessionTimes(body, 'Asia/Kolkata')).toBe('Ananya Iyer booked your English session for Tue, 1 Dec 2026, 3:30 PM (Asia/Kolkata).');
    // Across midnight, and two times in one notice (a move).
    const moved = `Rohan moved the session on ${formatSessionTime(start, 'UTC')} to ${formatSessionTime(new Date('2026-12-03T19:10:00Z'), 'UTC')}.`;
    expect(restateSessionTimes(moved, 'Pacific/Kiritimati')).toBe(
      `Rohan moved the session on ${formatSessionTime(start, 'Pacific/Kiritimati')} to ${formatSessionTime(new Date('2026-12-03T19:10:00Z'), 'Pacific/Kiritimati')}.`,
    );
  });

  it('round-trips the starts of a year in a zone with daylight saving; a time the clocks showed twice (fall back) is left as written', () => {
    const leftAsWritten: string[] = [];
    const everySevenHours = Array.from({ length: 1252 }, (_, i) => Date.parse('2026-01-01T00:00:00Z') + i * 7 * 3_600_000);
    // Every 10 minutes through the night London's clocks go back.
    const fallBackNight = Array.from({ length: 36 }, (_, i) => Date.parse('2026-10-24T22:00:00Z') + i * 10 * 60_000);
    for (const ms of [...everySevenHours, ...fallBackNight]) {
      const at = new Date(ms);
      const written = formatSessionTime(at, 'Europe/London');
      const restated = restateSessionTimes(written, 'America/New_York');
      if (restated === written) leftAsWritten.push(at.toISOString());
      else expect(restated).toBe(formatSessionTime(at, 'America/New_York'));
    }
    // Only in the hour London's clocks repeat on 25 October 2026 (01:00–02:00 BST, then GMT).
    expect(leftAsWritten.length).toBeGreaterThan(0);
    expect(leftAsWritten.every((iso) => iso >= '2026-10-25T00:00:00.000Z' && iso < '2026-10-25T02:00:00.000Z')).toBe(true);
  });

  it('leaves text without a session time, a time already in the reader’s zone, and an unknown zone as they are', () => {
    expect(restateSessionTimes('Your plan ends on 3 Jan 2027.', 'Asia/Kolkata')).toBe('Your plan ends on 3 Jan 2027.');
    expect(restateSessionTimes(formatSessionTime(start, 'Asia/Kolkata'), 'Asia/Kolkata')).toBe('Tue, 1 Dec 2026, 3:30 PM (Asia/Kolkata)');
    expect(restateSessionTimes('Tue, 1 Dec 2026, 3:30 PM (Mars/Olympus)', 'Asia/Kolkata')).toBe('Tue, 1 Dec 2026, 3:30 PM (Mars/Olympus)');
  });
});

describe('weeklyClockShift: a weekly class moved by a daylight-saving change in the other party’s clock', () => {
  const at = (iso: string) => new Date(iso);

  it('Kolkata learner, London tutor: an hour earlier for the tutor after the clocks go back, an hour later after they go forward', () => {
    // London leaves summer time on Sunday 25 October 2026; 21:00 in Kolkata was 16:30 there, now 15:30.
    expect(weeklyClockShift({ startAt: at('2026-10-27T15:30:00Z'), viewerTimeZone: 'Asia/Kolkata', otherTimeZone: 'Europe/London' })).toEqual({ minutes: -60, otherLocalTime: '3:30 PM' });
    // And the tutor's own view of it: the learner's clock did not change, but the class moved against theirs.
    expect(weeklyClockShift({ startAt: at('2026-10-27T15:30:00Z'), viewerTimeZone: 'Europe/London', otherTimeZone: 'Asia/Kolkata' })).toEqual({ minutes: 60, otherLocalTime: '9:00 PM' });
    // Summer time starts on Sunday 28 March 2027.
    expect(weeklyClockShift({ startAt: at('2027-03-30T15:30:00Z'), viewerTimeZone: 'Asia/Kolkata', otherTimeZone: 'Europe/London' })).toEqual({ minutes: 60, otherLocalTime: '4:30 PM' });
  });

  it('says nothing in an ordinary week', () => {
    expect(weeklyClockShift({ startAt: at('2026-11-03T15:30:00Z'), viewerTimeZone: 'Asia/Kolkata', otherTimeZone: 'Europe/London' })).toBeNull();
    expect(weeklyClockShift({ startAt: at('2026-10-20T15:30:00Z'), viewerTimeZone: 'Asia/Kolkata', otherTimeZone: 'Europe/London' })).toBeNull();
  });

  it('London and New York: the weeks when only one of them has changed', () => {
    // London changed on 25 October, New York only on 1 November: 18:00 in London was 13:00 in New York, now 14:00…
    expect(weeklyClockShift({ startAt: at('2026-10-27T18:00:00Z'), viewerTimeZone: 'Europe/London', otherTimeZone: 'America/New_York' })).toEqual({ minutes: 60, otherLocalTime: '2:00 PM' });
    // …and a week later back to 13:00.
    expect(weeklyClockShift({ startAt: at('2026-11-03T18:00:00Z'), viewerTimeZone: 'Europe/London', otherTimeZone: 'America/New_York' })).toEqual({ minutes: -60, otherLocalTime: '1:00 PM' });
    // In spring New York goes first (8 March 2026), London follows on 29 March: seen from New York, 10:00 there was 15:00 in London, then 14:00, then 15:00 again.
    expect(weeklyClockShift({ startAt: at('2026-03-10T14:00:00Z'), viewerTimeZone: 'America/New_York', otherTimeZone: 'Europe/London' })).toEqual({ minutes: -60, otherLocalTime: '2:00 PM' });
    expect(weeklyClockShift({ startAt: at('2026-03-17T14:00:00Z'), viewerTimeZone: 'America/New_York', otherTimeZone: 'Europe/London' })).toBeNull();
    expect(weeklyClockShift({ startAt: at('2026-03-31T14:00:00Z'), viewerTimeZone: 'America/New_York', otherTimeZone: 'Europe/London' })).toEqual({ minutes: 60, otherLocalTime: '3:00 PM' });
  });

  it('says nothing when both clocks move together, for one zone, or for an unknown zone', () => {
    expect(weeklyClockShift({ startAt: at('2026-10-27T15:30:00Z'), viewerTimeZone: 'Europe/Paris', otherTimeZone: 'Europe/London' })).toBeNull();
    expect(weeklyClockShift({ startAt: at('2026-10-27T15:30:00Z'), viewerTimeZone: 'Europe/London', otherTimeZone: 'Europe/London' })).toBeNull();
    expect(weeklyClockShift({ startAt: at('2026-10-27T15:30:00Z'), viewerTimeZone: 'Asia/Kolkata', otherTimeZone: 'Mars/Olympus_Mons' })).toBeNull();
  });
});

