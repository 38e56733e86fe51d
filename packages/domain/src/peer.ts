import { z } from 'zod';
import { PEER_CALL_MIN_MINUTES } from './constants';
import { safeText, singleLineText, visibleLength } from './text';
import { MS_PER_MINUTE } from './zoned-time';

// Peer practice: the minutes a call costs, and who is matched with whom from the queue of peers
// pressing "Practise now". The server measures a call's duration; these rules price it.

/** A call shorter than this (a connection that never really got going) costs nothing. */
export const PEER_CALL_GRACE_SECONDS = 30;

/**
 * What a call of `durationMs` costs from `availableMinutes`: every started minute (10:01 is 11
 * minutes), nothing under the grace, and never more than was available, so the balance never
 * goes below zero (the call also ends itself then: peerCallDeadline).
 */
export function peerCallCharge({ durationMs, availableMinutes }: { durationMs: number; availableMinutes: number }): { chargedMinutes: number; remainingMinutes: number } {
  if (!(durationMs >= 0) || !Number.isInteger(availableMinutes) || availableMinutes < 0) throw new RangeError('A call lasts 0 ms or more, from a whole number of minutes, 0 or more');
  const started = durationMs < PEER_CALL_GRACE_SECONDS * 1000 ? 0 : Math.ceil(durationMs / MS_PER_MINUTE);
  const chargedMinutes = Math.min(started, availableMinutes);
  return { chargedMinutes, remainingMinutes: availableMinutes - chargedMinutes };
}

/** When a call must end itself: the minutes available at its start are used up. */
export function peerCallDeadline(startedAt: Date, availableMinutes: number): Date {
  return new Date(startedAt.getTime() + availableMinutes * MS_PER_MINUTE);
}

/** Speaking levels, from the sign-up placement (editable in the peer profile), lowest first. */
export const PEER_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type PeerLevel = (typeof PEER_LEVELS)[number];
/** Peers are matched at most this many levels apart. */
export const PEER_MAX_LEVEL_DISTANCE = 1;

export type QueuedPeer = { id: string; level: PeerLevel; firstLanguage: string; joinedAt: number };

/**
 * Pairs the queue, longest-waiting first: each peer takes the best partner still free — the same
 * level before one level apart, then a different first language, then whoever has waited longest
 * — never themselves (a peer queued twice counts once) and never someone either of them reported
 * (`blocked`). Whoever finds nobody keeps waiting: no later peer could have matched them either.
 * Peers are grouped by level and language, so 10,000 are paired in a few milliseconds.
 */
export function matchPeers(queue: readonly QueuedPeer[], options: { blocked?: (a: string, b: string) => boolean } = {}): { pairs: [QueuedPeer, QueuedPeer][]; waiting: QueuedPeer[] } {
  const blocked = options.blocked ?? (() => false);
  // Longest-waiting first; a peer queued twice keeps their earlier place.
  const byId = new Map<string, QueuedPeer>();
  for (const p of [...queue].sort((a, b) => a.joinedAt - b.joinedAt)) if (!byId.has(p.id)) byId.set(p.id, p);
  const inOrder = [...byId.values()];
  // level index → first language → peers in join order, with how many at the front are taken.
  const groups = PEER_LEVELS.map(() => new Map<string, { peers: QueuedPeer[]; start: number }>());
  for (const p of inOrder) {
    const byLanguage = groups[PEER_LEVELS.indexOf(p.level)]!;
    const group = byLanguage.get(p.firstLanguage) ?? { peers: [], start: 0 };
    group.peers.push(p);
    byLanguage.set(p.firstLanguage, group);
  }
  const taken = new Set<string>();
  const pairs: [QueuedPeer, QueuedPeer][] = [];
  const waiting: QueuedPeer[] = [];

  /** The longest-waiting free peer of a group that `p` may meet. */
  const firstFree = (group: { peers: QueuedPeer[]; start: number }, p: QueuedPeer) => {
    while (group.start < group.peers.length && taken.has(group.peers[group.start]!.id)) group.start += 1;
    for (let i = group.start; i < group.peers.length; i += 1) {
      const q = group.peers[i]!;
      if (!taken.has(q.id) && !blocked(p.id, q.id)) return q;
    }
    return undefined;
  };

  for (const p of inOrder) {
    if (taken.has(p.id)) continue;
    taken.add(p.id);
    const level = PEER_LEVELS.indexOf(p.level);
    let best: { q: QueuedPeer; rank: [number, number, number] } | undefined;
    for (let other = level - PEER_MAX_LEVEL_DISTANCE; other <= level + PEER_MAX_LEVEL_DISTANCE; other += 1) {
      for (const [language, group] of groups[other]?.entries() ?? []) {
        const q = firstFree(group, p);
        if (!q) continue;
        const rank: [number, number, number] = [Math.abs(other - level), language === p.firstLanguage ? 1 : 0, q.joinedAt];
        if (isBetter(rank, best?.rank)) best = { q, rank };
      }
    }
    if (!best) {
      waiting.push(p);
      continue;
    }
    taken.add(best.q.id);
    pairs.push([p, best.q]);
  }
  return { pairs, waiting };
}

/** Lower is better, field by field. */
function isBetter(rank: [number, number, number], than: [number, number, number] | undefined): boolean {
  if (!than) return true;
  for (let i = 0; i < rank.length; i += 1) if (rank[i] !== than[i]) return rank[i]! < than[i]!;
  return false;
}

// ---- Placement, topics and the wire contract ---------------------------------------------------

/**
 * The short placement a peer takes on sign-up (and may retake in the profile): can-do statements,
 * easiest first. The level is how many in a row, from the first, the peer says they can do.
 */
export const PEER_PLACEMENT_STATEMENTS = [
  'I can introduce myself and talk about my family in simple sentences.',
  'I can describe my day, my work or my studies, and ask simple questions back.',
  'I can tell a story about something that happened to me and say how I felt.',
  'I can give my opinion on a familiar topic and explain why I think so.',
  'I can discuss an unfamiliar topic for several minutes without searching for words.',
] as const;

/** The level the placement answers give: A1 with none, one level up for each "yes" in a row from the first. */
export function placementLevel(answers: readonly boolean[]): PeerLevel {
  let inARow = 0;
  while (inARow < PEER_PLACEMENT_STATEMENTS.length && answers[inARow] === true) inARow += 1;
  return PEER_LEVELS[inARow]!;
}

/**
 * What the placement's result says a peer of each level can do: the hardest statement a peer
 * placed there said yes to (placementLevel: the n-th "yes" in a row gives PEER_LEVELS[n]), so the
 * result never claims a statement they said no to. A1 is the level of no "yes" at all.
 */
export const peerLevelTexts: Record<PeerLevel, string> = {
  A1: 'You are just starting to speak English, and practice will help you most.',
  A2: 'You can introduce yourself and talk about your family in simple sentences.',
  B1: 'You can describe your day, your work or your studies, and ask simple questions back.',
  B2: 'You can tell a story about something that happened to you and say how you felt.',
  C1: 'You can give your opinion on a familiar topic and explain why you think so.',
  C2: 'You can discuss an unfamiliar topic for several minutes without searching for words.',
};

/** Conversation cards a matched pair gets: a topic and prompts to keep talking. Written for Parley. */
export const PEER_TOPICS = [
  { title: 'A place you love', prompts: ['Where is it, and when did you first go there?', 'What do you do there?', 'Would you take a friend? Why?'] },
  { title: 'Food from home', prompts: ['Which dish reminds you of home?', 'Can you explain how it is made?', 'What food from another country would you like to try?'] },
  { title: 'Learning something new', prompts: ['What is the last skill you learned?', 'What was hard about it?', 'What would you like to learn next?'] },
  { title: 'A normal weekday', prompts: ['What time does your day start?', 'Which part of the day do you enjoy most?', 'What would you change about your routine?'] },
  { title: 'Films and series', prompts: ['What did you last watch?', 'Would you recommend it? Why or why not?', 'Do you watch in English? Does it help?'] },
  { title: 'Work and ambitions', prompts: ['What do you do, or want to do?', 'What do you like most about it?', 'Where do you see yourself in five years?'] },
  { title: 'Travel plans', prompts: ['Where would you go with two free weeks?', 'Do you plan every day or decide as you go?', 'What is the best trip you have taken?'] },
  { title: 'Technology in daily life', prompts: ['Which app do you use most?', 'Is your phone helping or distracting you?', 'What should technology do better?'] },
  { title: 'Festivals and celebrations', prompts: ['Which festival do you enjoy most?', 'How does your family celebrate it?', 'Have you celebrated a festival from another culture?'] },
  { title: 'Sport and staying active', prompts: ['Do you play or watch any sport?', 'How do you stay active in a busy week?', 'Which sport would you like to try?'] },
  { title: 'Books and stories', prompts: ['Tell me about a book or story you remember.', 'Who was your favourite character?', 'Do you prefer reading or listening to stories?'] },
  { title: 'Your city', prompts: ['What is your city famous for?', 'What would you show a visitor first?', 'What would you change about it?'] },
] as const;
export type PeerTopic = (typeof PEER_TOPICS)[number];

/** The topic card of a call, the same for both sides: picked from the call's id. */
export function peerTopicFor(callId: string): PeerTopic {
  let hash = 0;
  for (const char of callId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PEER_TOPICS[hash % PEER_TOPICS.length]!;
}

/** The minutes a peer plan grants when it is bought (each purchase adds them; they do not expire). */
export const PEER_MONTHLY_PLAN_MINUTES = 300;
/** A call both sides have not joined within this many seconds of the match is ended, costing nothing. */
export const PEER_JOIN_TIMEOUT_SECONDS = 60;
/** A side that dropped and has not come back within this many seconds ends the call at the moment it dropped. */
export const PEER_RECONNECT_GRACE_SECONDS = 45;
/** A queued peer with no open connection for this many seconds (the page closed) leaves the queue. */
export const PEER_QUEUE_ABANDONED_SECONDS = 30;
/** Past calls per page. */
export const PEER_PAST_CALLS_PAGE_SIZE = 10;

export const peerCallModes = ['video', 'audio'] as const;
export type PeerCallMode = (typeof peerCallModes)[number];

export const peerTexts = {
  notEnoughMinutes: `A peer call needs at least ${PEER_CALL_MIN_MINUTES} available minutes. Buy a peer plan to get more.`,
  needsProfile: 'Take the short placement first, so we can match you with a peer of your level.',
  suspended: (reason: string) => `Your peer practice is suspended: ${reason}`,
  inCall: 'You are already in a peer call.',
  notPart: 'You are not part of this call.',
  callEnded: 'This call has ended.',
  rateAfterCall: 'You can rate your partner once the call has ended.',
  reportSent: 'Thank you. A moderator will look at your report.',
  alreadyReported: 'You have already reported this call. A moderator will look at your report.',
} as const;

/** Each item once, the first spelling kept: "Tamil, tamil" is one language. */
export function distinctIgnoringCase(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.trim().toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A language's name, as peers type it (first language, other languages). */
export const LANGUAGE_NAME_MAX = 40;
/** When a peer is usually free to practise, in their own words. */
export const PEER_AVAILABILITY_MAX = 300;
// Partners read it, and matching compares it: a name of two letters or more, never markup.
const languageName = singleLineText(LANGUAGE_NAME_MAX).refine((text) => (text.match(/\p{L}/gu)?.length ?? 0) >= 2 && !/[<>]/.test(text), {
  message: 'Write the language’s name',
});

/** PUT /api/peer/profile: the peer's own profile (level from the placement, editable here). */
export const peerProfilePayload = z.object({
  level: z.enum(PEER_LEVELS),
  firstLanguage: languageName,
  /** Other languages spoken, besides English and the first language. */
  languages: z.array(languageName).max(5).transform(distinctIgnoringCase).default([]),
  interests: z
    .array(singleLineText(30).refine((text) => text.trim().length > 0, { message: 'Write an interest' }))
    .max(10)
    .transform(distinctIgnoringCase)
    .default([]),
  /** When they like to practise, in their own words ("weekday evenings"). */
  availability: safeText(PEER_AVAILABILITY_MAX).default(''),
});
export type PeerProfilePayload = z.input<typeof peerProfilePayload>;

/** POST /api/peer/placement: one answer per statement; sets the level (and creates the profile with the first language). */
export const peerPlacementPayload = z.object({
  answers: z.array(z.boolean()).length(PEER_PLACEMENT_STATEMENTS.length),
  firstLanguage: languageName,
});

export const peerProfileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  avatar: z.string(),
  level: z.enum(PEER_LEVELS),
  firstLanguage: z.string(),
  languages: z.array(z.string()),
  interests: z.array(z.string()),
  availability: z.string(),
});
export type PeerProfile = z.infer<typeof peerProfileSchema>;

/** GET /api/peer/me: everything the peer dashboard shows at a glance. */
export const peerOverviewSchema = z.object({
  profile: peerProfileSchema.nullable(),
  availableMinutes: z.number().int().min(0),
  /** The latest peer plan bought (null: none yet). */
  plan: z.object({ name: z.string(), boughtAt: z.string() }).nullable(),
  /** Why "Practise now" is refused right now (null: it is allowed). */
  refusal: z.string().nullable(),
  suspension: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** The latest moderator warning, if any. */
  warning: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** In the queue since (null: not queued). */
  queued: z.object({ mode: z.enum(peerCallModes), since: z.string() }).nullable(),
  /** A call matched or under way (null: none). */
  activeCallId: z.string().nullable(),
});
export type PeerOverview = z.infer<typeof peerOverviewSchema>;

/** POST /api/peer/queue: "Practise now". The match arrives as the socket event peer:matched. */
export const peerQueuePayload = z.object({ mode: z.enum(peerCallModes).default('video') });
export const peerQueueResponse = z.object({ queued: z.boolean(), since: z.string().nullable(), matchedCallId: z.string().nullable() });

export const peerCallStatuses = ['matched', 'live', 'ended'] as const;
export const peerCallEndReasons = ['hangup', 'minutes', 'dropped', 'no-show', 'reported', 'suspended', 'slot-end'] as const;
export type PeerCallEndReason = (typeof peerCallEndReasons)[number];

/**
 * Why the call ended, as one side is told it. A report's end is only the reporter's to know: in a
 * call of two, telling the other side 'reported' would say who reported them, and the report
 * promises the partner "is not told who reported them". That side is told an ordinary hang-up.
 */
export function peerEndReasonSeenBy(reason: PeerCallEndReason, viewer: { endedItByReporting: boolean }): PeerCallEndReason {
  return reason === 'reported' && !viewer.endedItByReporting ? 'hangup' : reason;
}

/** GET /api/peer/calls/:id: what the call page needs. `polite` is the side that yields when offers cross. */
export const peerCallInfoSchema = z.object({
  callId: z.string(),
  mode: z.enum(peerCallModes),
  status: z.enum(peerCallStatuses),
  polite: z.boolean(),
  /** Who the call is with, as their peer profile says: what they speak, enjoy, and when they like to practise ('' when not said). */
  partner: peerProfileSchema.omit({ userId: true }),
  topic: z.object({ title: z.string(), prompts: z.array(z.string()) }),
  matchedAt: z.string(),
  /** Both sides joined (null: not yet). */
  startedAt: z.string().nullable(),
  /** When the call ends itself: the smaller balance at the start runs out (null until it starts). */
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.enum(peerCallEndReasons).nullable(),
  /** The caller has reported this call (one report per call and reporter). */
  reported: z.boolean(),
  /** The caller's own charge once ended. */
  chargedMinutes: z.number().int().nullable(),
  /** The stars the caller gave the call (null: not rated), so a summary opened again shows them. */
  myRating: z.number().int().min(1).max(5).nullable(),
  durationSeconds: z.number().int().nullable(),
  iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() })),
});
export type PeerCallInfo = z.infer<typeof peerCallInfoSchema>;

/** peer:ended — the call is over: why, how long (measured on the server) and what it cost the receiver. */
export const peerCallEndedSchema = z.object({
  callId: z.string(),
  reason: z.enum(peerCallEndReasons),
  durationSeconds: z.number().int(),
  chargedMinutes: z.number().int(),
  remainingMinutes: z.number().int(),
});
export type PeerCallEnded = z.infer<typeof peerCallEndedSchema>;

export const peerMatchedSchema = z.object({ callId: z.string(), partnerName: z.string(), mode: z.enum(peerCallModes) });
export type PeerMatched = z.infer<typeof peerMatchedSchema>;

export const peerCallMessageSchema = z.object({ _id: z.string(), callId: z.string(), senderId: z.string(), senderName: z.string(), message: z.string(), createdAt: z.string() });
export type PeerCallMessage = z.infer<typeof peerCallMessageSchema>;

/** GET /api/peer/calls?page: Past Calls, newest first. */
export const peerPastCallsQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(50).default(PEER_PAST_CALLS_PAGE_SIZE) });
export const peerPastCallSchema = z.object({
  callId: z.string(),
  partnerName: z.string(),
  mode: z.enum(peerCallModes),
  topicTitle: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string(),
  durationSeconds: z.number().int(),
  chargedMinutes: z.number().int(),
  endReason: z.enum(peerCallEndReasons),
  /** The caller's rating of the partner (null: not rated). */
  myRating: z.number().int().min(1).max(5).nullable(),
  reported: z.boolean(),
});
export type PeerPastCall = z.infer<typeof peerPastCallSchema>;
export const peerPastCallsResponse = z.object({ items: z.array(peerPastCallSchema), total: z.number().int() });

/** POST /api/peer/calls/:id/rating: one rating per call and side, editable. */
export const peerRatingPayload = z.object({ stars: z.number().int().min(1).max(5) });
/** POST /api/peer/calls/:id/report: goes to the moderators with the call's metadata; ends the call if it is live. */
export const peerReportPayload = z.object({ reason: safeText(1_000).refine((text) => visibleLength(text) >= 5, { message: 'Say briefly what happened' }) });

/** GET /api/moderator/peer-reports: reports, newest first, with the call's metadata. */
export const peerReportItemSchema = z.object({
  _id: z.string(),
  callId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  reported: z.object({ _id: z.string(), name: z.string(), email: z.string(), suspended: z.boolean(), warnings: z.number().int() }),
  call: z.object({ mode: z.enum(peerCallModes), startedAt: z.string().nullable(), endedAt: z.string().nullable(), durationSeconds: z.number().int().nullable(), endReason: z.enum(peerCallEndReasons).nullable(), messages: z.number().int() }),
  /** What a moderator did about it (null: open). */
  resolution: z.enum(['warned', 'suspended', 'dismissed']).nullable(),
});
export const peerReportsResponse = z.object({ items: z.array(peerReportItemSchema), total: z.number().int() });
