import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canStartPeerCall } from './limits';
import {
  LANGUAGE_NAME_MAX,
  PEER_AVAILABILITY_MAX,
  matchPeers,
  PEER_CALL_GRACE_SECONDS,
  PEER_LEVELS,
  PEER_MONTHLY_PLAN_MINUTES,
  PEER_PLACEMENT_STATEMENTS,
  PEER_TOPICS,
  peerCallCharge,
  peerCallDeadline,
  peerEndReasonSeenBy,
  peerLevelTexts,
  peerPlacementPayload,
  peerProfilePayload,
  peerRatingPayload,
  peerReportPayload,
  peerTopicFor,
  placementLevel,
  type PeerLevel,
  type QueuedPeer,
} from './peer';

const MIN = 60_000;

describe('peer call minutes', () => {
  it('a call needs at least 5 available minutes', () => {
    expect(canStartPeerCall(4)).toBe(false);
    expect(canStartPeerCall(5)).toBe(true);
  });

  it('charges every started minute, nothing under the grace, never more than was available', () => {
    expect(peerCallCharge({ durationMs: (PEER_CALL_GRACE_SECONDS - 1) * 1000, availableMinutes: 30 })).toEqual({ chargedMinutes: 0, remainingMinutes: 30 });
    expect(peerCallCharge({ durationMs: PEER_CALL_GRACE_SECONDS * 1000, availableMinutes: 30 })).toEqual({ chargedMinutes: 1, remainingMinutes: 29 });
    expect(peerCallCharge({ durationMs: 10 * MIN, availableMinutes: 30 })).toEqual({ chargedMinutes: 10, remainingMinutes: 20 });
    expect(peerCallCharge({ durationMs: 10 * MIN + 1, availableMinutes: 30 })).toEqual({ chargedMinutes: 11, remainingMinutes: 19 });
    expect(peerCallCharge({ durationMs: 45 * MIN, availableMinutes: 30 })).toEqual({ chargedMinutes: 30, remainingMinutes: 0 });
  });

  it('never goes below zero, and charges at most the started minutes, for any duration and balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 60 * MIN }), fc.integer({ min: 0, max: 10_000 }), (durationMs, availableMinutes) => {
        const { chargedMinutes, remainingMinutes } = peerCallCharge({ durationMs, availableMinutes });
        expect(remainingMinutes).toBeGreaterThanOrEqual(0);
        expect(chargedMinutes + remainingMinutes).toBe(availableMinutes);
        expect(chargedMinutes).toBeLessThanOrEqual(Math.ceil(durationMs / MIN));
      }),
    );
  });

  it('rejects a negative duration or balance', () => {
    expect(() => peerCallCharge({ durationMs: -1, availableMinutes: 5 })).toThrow(RangeError);
    expect(() => peerCallCharge({ durationMs: 1, availableMinutes: -1 })).toThrow(RangeError);
  });

  it('a call ends itself when the minutes at its start run out', () => {
    expect(peerCallDeadline(new Date('2030-01-01T10:00:00Z'), 12).toISOString()).toBe('2030-01-01T10:12:00.000Z');
  });
});

const peer = (id: string, level: PeerLevel, firstLanguage = 'Hindi', joinedAt = 0): QueuedPeer => ({ id, level, firstLanguage, joinedAt });

describe('matching peers', () => {
  it('two peers in the queue make one match', () => {
    const { pairs, waiting } = matchPeers([peer('a', 'B1'), peer('b', 'B1', 'Hindi', 1)]);
    expect(pairs.map(([x, y]) => [x.id, y.id])).toEqual([['a', 'b']]);
    expect(waiting).toEqual([]);
  });

  it('never matches a peer with themselves, even queued twice', () => {
    const { pairs, waiting } = matchPeers([peer('a', 'B1'), peer('a', 'B1', 'Hindi', 1)]);
    expect(pairs).toEqual([]);
    expect(waiting.map((p) => p.id)).toEqual(['a']);
  });

  it('matches levels at most one apart, the same level first', () => {
    expect(matchPeers([peer('a', 'A1'), peer('b', 'B1', 'Hindi', 1)]).pairs).toEqual([]);
    const { pairs } = matchPeers([peer('a', 'B1'), peer('b', 'B2', 'Tamil', 1), peer('c', 'B1', 'Tamil', 2)]);
    expect(pairs.map(([x, y]) => [x.id, y.id])).toEqual([['a', 'c']]);
  });

  it('prefers a different first language at the same level, then the peer waiting longest', () => {
    const { pairs } = matchPeers([peer('a', 'B1', 'Hindi', 0), peer('b', 'B1', 'Hindi', 1), peer('c', 'B1', 'Tamil', 2), peer('d', 'B1', 'Tamil', 3)]);
    expect(pairs.map(([x, y]) => [x.id, y.id])).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
  });

  it('never pairs two peers when one reported the other', () => {
    const reported = new Set(['a|b']);
    const blocked = (x: string, y: string) => reported.has(`${x}|${y}`) || reported.has(`${y}|${x}`);
    const { pairs, waiting } = matchPeers([peer('a', 'B1'), peer('b', 'B1', 'Tamil', 1)], { blocked });
    expect(pairs).toEqual([]);
    expect(waiting.map((p) => p.id)).toEqual(['a', 'b']);
    const withThird = matchPeers([peer('a', 'B1'), peer('b', 'B1', 'Tamil', 1), peer('c', 'B1', 'Hindi', 2)], { blocked });
    expect(withThird.pairs.map(([x, y]) => [x.id, y.id])).toEqual([['a', 'c']]);
  });

  it('100 peers of one level queued at once make 50 pairs, nobody twice', () => {
    const queue = Array.from({ length: 100 }, (_, i) => peer(`p${i}`, 'B2', i % 2 ? 'Hindi' : 'Tamil', i));
    const { pairs, waiting } = matchPeers(queue);
    expect(pairs).toHaveLength(50);
    expect(waiting).toEqual([]);
    expect(new Set(pairs.flat().map((p) => p.id)).size).toBe(100);
  });

  it('for any queue: each pair is compatible, nobody is in two pairs, and no two compatible peers are both left waiting', () => {
    const arbitraryPeer = fc.record({
      id: fc.integer({ min: 0, max: 40 }).map(String),
      level: fc.constantFrom(...PEER_LEVELS),
      firstLanguage: fc.constantFrom('Hindi', 'Tamil', 'Bengali'),
      joinedAt: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryPeer, { maxLength: 60 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), { maxLength: 20 }), (queue, reports) => {
        const reported = new Set(reports.flatMap(([x, y]) => [`${x}|${y}`, `${y}|${x}`]));
        const blocked = (x: string, y: string) => reported.has(`${x}|${y}`);
        const { pairs, waiting } = matchPeers(queue, { blocked });
        const distance = (x: QueuedPeer, y: QueuedPeer) => Math.abs(PEER_LEVELS.indexOf(x.level) - PEER_LEVELS.indexOf(y.level));
        const compatible = (x: QueuedPeer, y: QueuedPeer) => x.id !== y.id && distance(x, y) <= 1 && !blocked(x.id, y.id);
        for (const [x, y] of pairs) expect(compatible(x, y)).toBe(true);
        const ids = [...pairs.flat(), ...waiting].map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(queue.map((p) => p.id)));
        for (const x of waiting) for (const y of waiting) expect(compatible(x, y)).toBe(false);
      }),
    );
  });
});

describe('the placement', () => {
  it('gives one level up for each "yes" in a row from the first statement', () => {
    expect(placementLevel([false, false, false, false, false])).toBe('A1');
    expect(placementLevel([false, true, true, true, true])).toBe('A1');
    expect(placementLevel([true, false, true, true, true])).toBe('A2');
    expect(placementLevel([true, true, true, false, false])).toBe('B2');
    expect(placementLevel([true, true, true, true, false])).toBe('C1');
    expect(placementLevel([true, true, true, true, true])).toBe('C2');
  });

  it('the result says the person can do what they answered yes to, and nothing they answered no to', () => {
    // Yes to introductions, the day and a story; no to opinions: the story, not the opinions.
    const level = placementLevel([true, true, true, false, false]);
    expect(`Your level: ${level} — ${peerLevelTexts[level]}`).toBe('Your level: B2 — You can tell a story about something that happened to you and say how you felt.');
    expect(peerLevelTexts[level]).not.toMatch(/opinion/);
    // Each level's text is the hardest statement answered yes (in the second person); A1 claims none.
    const secondPerson = (statement: string) => statement.replace(/^I can/, 'You can').replaceAll(' my ', ' your ').replace(' me ', ' you ').replace('myself', 'yourself').replace(' I ', ' you ');
    for (let yeses = 0; yeses <= PEER_PLACEMENT_STATEMENTS.length; yeses += 1) {
      const answers = PEER_PLACEMENT_STATEMENTS.map((_, i) => i < yeses);
      const text = peerLevelTexts[placementLevel(answers)];
      if (yeses === 0) for (const statement of PEER_PLACEMENT_STATEMENTS) expect(text).not.toBe(secondPerson(statement));
      else expect(text).toBe(secondPerson(PEER_PLACEMENT_STATEMENTS[yeses - 1]!));
    }
  });

  it('a yes more never places lower', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), fc.nat(4), (answers, flip) => {
        const more = answers.map((a, i) => (i === flip ? true : a));
        expect(PEER_LEVELS.indexOf(placementLevel(more))).toBeGreaterThanOrEqual(PEER_LEVELS.indexOf(placementLevel(answers)));
      }),
    );
  });

  it('the payload needs one answer per statement and a first language', () => {
    expect(peerPlacementPayload.safeParse({ answers: [true, true], firstLanguage: 'Hindi' }).success).toBe(false);
    expect(peerPlacementPayload.safeParse({ answers: [true, true, false, false, false], firstLanguage: 'H' }).success).toBe(false);
    expect(peerPlacementPayload.parse({ answers: [true, true, false, false, false], firstLanguage: 'Hindi' }).answers).toHaveLength(PEER_PLACEMENT_STATEMENTS.length);
  });

  it('a language name is a name: two letters at least, no markup', () => {
    const answers = [true, true, false, false, false];
    const refusal = (firstLanguage: string) => peerPlacementPayload.safeParse({ answers, firstLanguage }).error?.issues.map((i) => i.message);
    for (const name of ['Hindi', 'Chinese (Mandarin)', 'Brazilian Portuguese', 'ქართული', "Mi'kmaq"]) expect(refusal(name), name).toBeUndefined();
    for (const name of ['42', '!!', '<b>Hindi</b>', 'x1']) expect(refusal(name), name).toEqual(['Write the language’s name']);
    expect(peerProfilePayload.safeParse({ level: 'B1', firstLanguage: 'Tamil', languages: ['123'] }).success).toBe(false);
  });

  it('a language name is 2 to 40 characters', () => {
    expect(LANGUAGE_NAME_MAX).toBe(40);
    const answers = [true, true, false, false, false];
    expect(peerPlacementPayload.safeParse({ answers, firstLanguage: 'x'.repeat(40) }).success).toBe(true);
    expect(peerPlacementPayload.safeParse({ answers, firstLanguage: 'x'.repeat(41) }).success).toBe(false);
  });

  it('a profile’s availability note is at most 300 characters', () => {
    expect(PEER_AVAILABILITY_MAX).toBe(300);
    const profile = { level: 'B1', firstLanguage: 'Hindi' };
    expect(peerProfilePayload.safeParse({ ...profile, availability: 'x'.repeat(300) }).success).toBe(true);
    expect(peerProfilePayload.safeParse({ ...profile, availability: 'x'.repeat(301) }).success).toBe(false);
  });
});

describe('the topic card', () => {
  it('is the same for both sides of a call, and spread over the topics', () => {
    const id = '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f';
    expect(peerTopicFor(id)).toBe(peerTopicFor(id));
    const seen = new Set(Array.from({ length: 200 }, (_, i) => peerTopicFor(`call-${i}`).title));
    expect(seen.size).toBe(PEER_TOPICS.length);
  });
});

describe('peer wire schemas', () => {
  it('a rating is 1 to 5 whole stars', () => {
    expect(peerRatingPayload.safeParse({ stars: 0 }).success).toBe(false);
    expect(peerRatingPayload.safeParse({ stars: 6 }).success).toBe(false);
    expect(peerRatingPayload.safeParse({ stars: 2.5 }).success).toBe(false);
    expect(peerRatingPayload.parse({ stars: 5 })).toEqual({ stars: 5 });
  });

  it('a report says what happened, a profile caps its lists', () => {
    expect(peerReportPayload.safeParse({ reason: 'bad' }).success).toBe(false);
    expect(peerReportPayload.safeParse({ reason: 'Rude and shouting' }).success).toBe(true);
    expect(peerProfilePayload.safeParse({ level: 'B1', firstLanguage: 'Tamil', interests: Array.from({ length: 11 }, (_, i) => `i${i}`) }).success).toBe(false);
    expect(peerProfilePayload.parse({ level: 'B1', firstLanguage: 'Tamil' })).toEqual({ level: 'B1', firstLanguage: 'Tamil', languages: [], interests: [], availability: '' });
  });

  it('the monthly plan grants more than one call’s minimum', () => {
    expect(PEER_MONTHLY_PLAN_MINUTES).toBe(300);
    expect(canStartPeerCall(PEER_MONTHLY_PLAN_MINUTES)).toBe(true);
  });
});

describe('why a call ended, as each side is told', () => {
  it('a report’s end is told only to the reporter; the reported side hears an ordinary hang-up', () => {
    expect(peerEndReasonSeenBy('reported', { endedItByReporting: true })).toBe('reported');
    expect(peerEndReasonSeenBy('reported', { endedItByReporting: false })).toBe('hangup');
    for (const reason of ['hangup', 'minutes', 'dropped', 'no-show', 'suspended', 'slot-end'] as const) {
      expect(peerEndReasonSeenBy(reason, { endedItByReporting: false })).toBe(reason);
    }
  });
});
