import { FREE_CANCEL_BEFORE_HOURS, JOIN_OPENS_BEFORE_MIN } from '@parley/domain/live-sessions';
import { countOf } from '@parley/domain/plural';
import { letter } from '@parley/domain/mail';

/**
 * The e-mails the learner side (a learner, or a kid's parent) gets when a session is booked, moved
 * or cancelled, and the tutor when the learner side did it; times are in the recipient's own zone.
 */
export type SessionMailFacts = {
  /** The recipient's name. */
  name: string;
  /** 'Your English session', or for a kid's parent 'Aarav Rao’s English session'. */
  whose: string;
  /** For a kid's parent, the kid's name (it is the kid's balance a session comes back to); else null. */
  kid: string | null;
  /** A demo given back can be booked again (it is not a session in a balance). */
  demo: boolean;
  tutorName: string;
  /** The start as formatSessionTime says it in the recipient's zone. */
  when: string;
  durationMin: number;
  /** Where the session is listed: the web app's address. */
  sessionsUrl: string;
};

export type MailText = { subject: string; text: string };

const lower = (whose: string) => whose.replace(/^Your/, 'your');

/** A sentence with the canceller's reason after it, when one was given. */
export const withReason = (text: string, reason: string) => (reason ? `${text} Reason: ${reason}` : text);
/** The cancellation rule as it stands for this session: `late`, it is already less than 12 hours away. */
const cancelRule = (facts: SessionMailFacts, late: boolean) =>
  late
    ? `It starts in less than ${FREE_CANCEL_BEFORE_HOURS} hours, so cancelling or moving it now spends ${facts.demo ? 'the demo' : 'the session'}.`
    : `You can cancel or move it from your sessions: ${FREE_CANCEL_BEFORE_HOURS} hours or more before the start, ${facts.demo ? 'the demo can be booked again' : 'the session is given back'}; later, it is spent.`;

/** '24 hours', '15 minutes', '2 days': how long before the start a reminder comes. */
function before(offsetMin: number): string {
  if (offsetMin % 60 !== 0) return countOf(offsetMin, 'minute');
  return countOf(offsetMin / 60, 'hour');
}

/** 'a and b', 'a, b and c'. */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What a session given back means, for the learner or (`kid`) the kid's parent: the bell's words, lower case. */
export function givenBackClause({ demo, kid }: { demo: boolean; kid: string | null }): string {
  if (demo) return kid ? `${kid} can book the demo again` : 'you can book your demo again';
  return `the session is back in ${kid ? `${kid}’s` : 'your'} balance`;
}

const givenBack = (facts: SessionMailFacts) => {
  const clause = givenBackClause(facts);
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}${facts.demo ? ', at another time.' : ', so you can book another time.'}`;
};

/** The frame every session e-mail shares: the greeting, what happened, the sessions link (and what goes with it), the signature. */
function sessionLetter(facts: SessionMailFacts, subject: string, said: string[], withLink: string[] = []): MailText {
  return { subject, text: letter(facts.name, [...said, '', `Your sessions: ${facts.sessionsUrl}`, ...withLink]) };
}

/**
 * A session is booked: by the learner (or the kid), or by the tutor from a chat request. The reminders
 * named are those still to come; `late`: less than 12 hours ahead, where a cancellation spends it.
 */
export function bookedMail(facts: SessionMailFacts, options: { bookedByTutor: boolean; reminderOffsetsMin: readonly number[]; late: boolean }): MailText {
  const { whose, tutorName, when, durationMin } = facts;
  const reminders = options.reminderOffsetsMin.length ? ` We will remind you ${listed(options.reminderOffsetsMin.map(before))} before it starts.` : '';
  return sessionLetter(
    facts,
    `${whose} on ${when} is booked`,
    [options.bookedByTutor ? `${tutorName} booked ${lower(whose)} for ${when}, ${durationMin} minutes.` : `${whose} with ${tutorName} is booked for ${when}, ${durationMin} minutes.`],
    [`The Join button there works from ${JOIN_OPENS_BEFORE_MIN} minutes before the start until the end.${reminders}`, cancelRule(facts, options.late)],
  );
}

/** A learner (or a kid's parent) moved a session (facts.demo: a demo); `from` is the old start as formatSessionTime says it. */
export function movedMail(facts: SessionMailFacts, options: { from: string; refunded: boolean }): MailText {
  const { whose, tutorName, when, durationMin, demo } = facts;
  const late = `It was less than ${FREE_CANCEL_BEFORE_HOURS} hours to the old start, so`;
  return sessionLetter(facts, `${whose} is moved to ${when}`, [
    `${whose} with ${tutorName} is moved from ${options.from} to ${when}, ${durationMin} minutes.`,
    options.refunded
      ? `The old time was given back, so the move cost ${demo ? 'nothing' : 'no session'}.`
      : `${late} ${demo ? 'the demo was spent and the new time used a session' : 'that session was spent and the new time used another'}.`,
  ]);
}

/** The tutor cancelled a session (or a moderator blocked the tutor): it is always given back. */
export function cancelledByTutorMail(facts: SessionMailFacts, options: { reason: string }): MailText {
  const { whose, tutorName, when } = facts;
  return sessionLetter(facts, `${whose} on ${when} was cancelled`, [withReason(`${tutorName} cancelled ${lower(whose)} on ${when}.`, options.reason), givenBack(facts)]);
}

/** The tutor did not come (attendance decided it at the end): it did not count, and what it spent is given back. */
export function tutorNoShowMail(facts: SessionMailFacts, options: { refunded: boolean }): MailText {
  const { whose, tutorName, when } = facts;
  return sessionLetter(facts, `${whose} on ${when} did not take place`, [
    `${tutorName} did not join ${lower(whose)} on ${when}, so it did not count.${options.refunded ? ` ${givenBack(facts)}` : ''}`,
  ]);
}

/** A learner (or a kid's parent) cancelled a session. */
export function cancelledByLearnerMail(facts: SessionMailFacts, options: { refunded: boolean }): MailText {
  const { whose, tutorName, when } = facts;
  return sessionLetter(facts, `${whose} on ${when} was cancelled`, [
    `${whose} with ${tutorName} on ${when} was cancelled, as you asked.`,
    options.refunded ? givenBack(facts) : `It was less than ${FREE_CANCEL_BEFORE_HOURS} hours to the start, so the ${facts.demo ? 'demo' : 'session'} was spent.`,
  ]);
}

/**
 * The tutor hears by e-mail what the bell says (`said`) of a session the learner side booked,
 * moved or cancelled; a new one comes with when the Join button works.
 */
export function tutorMail(tutor: { name: string; sessionsUrl: string }, subject: string, said: string, options: { booked?: boolean } = {}): MailText {
  const join = options.booked ? [`The Join button there works from ${JOIN_OPENS_BEFORE_MIN} minutes before the start until the end.`] : [];
  return { subject, text: letter(tutor.name, [said, '', `Your sessions: ${tutor.sessionsUrl}`, ...join]) };
}
