import { z } from 'zod';
import { PEER_CALL_MIN_MINUTES } from './constants';
import { canStartPeerCall } from './limits';
import { PEER_LEVELS, peerCallDeadline, peerCallModes } from './peer';
import { MS_PER_MINUTE } from './zoned-time';

// Scheduled peer practice: a peer publishes a time (start, length, mode), another peer books it,
// and at that time both open the same call page. The call is a normal peer call (the 5-minute
// minimum, per-minute charging), which also ends when the slot does.

/** The lengths a slot may have, in minutes. */
export const PEER_SLOT_LENGTHS_MIN = [15, 30, 45] as const;
/** Slots start on the quarter hour. */
export const PEER_SLOT_GRID_MIN = 15;
/** A slot is published at least this many minutes before it starts… */
export const PEER_SLOT_PUBLISH_LEAD_MIN = 60;
/** …and at most this many days ahead. */
export const PEER_SLOT_PUBLISH_AHEAD_DAYS = 14;
/** Booking closes this many minutes before the start (so the 15-minute reminder still goes). */
export const PEER_SLOT_BOOK_BEFORE_MIN = 30;
/** Join opens this many minutes before the start and stays open until the slot ends. */
export const PEER_SLOT_JOIN_OPENS_BEFORE_MIN = 5;
/** A side that has not joined this many minutes after the start is a no-show: the call ends, free. */
export const PEER_SLOT_NO_SHOW_MIN = 10;

export type PeerSlotLengthMin = (typeof PEER_SLOT_LENGTHS_MIN)[number];

export const peerSlotTexts = {
  offGrid: `A practice time starts on the hour or at a quarter past, half past or a quarter to.`,
  tooSoon: `Publish a practice time at least ${PEER_SLOT_PUBLISH_LEAD_MIN} minutes before it starts.`,
  tooFar: `Publish practice times up to ${PEER_SLOT_PUBLISH_AHEAD_DAYS} days ahead.`,
  overlaps: 'You already have practice at that time.',
  partnerBusy: 'Your partner already has practice at that time.',
  bookingClosed: `Booking closes ${PEER_SLOT_BOOK_BEFORE_MIN} minutes before the start.`,
  notEnoughMinutes: `A peer call needs at least ${PEER_CALL_MIN_MINUTES} available minutes. Buy a peer plan to get more.`,
  partnerOutOfMinutes: `Your partner has less than ${PEER_CALL_MIN_MINUTES} minutes of practice left, so this call cannot start.`,
  taken: 'Someone has just booked this time. Pick another one.',
  ownSlot: 'This is your own practice time.',
  notOpen: 'This practice time is no longer open.',
  tooEarly: `Join opens ${PEER_SLOT_JOIN_OPENS_BEFORE_MIN} minutes before the start.`,
  over: 'This practice time is over.',
  notBooked: 'Nobody has booked this practice time yet.',
  notYours: 'This practice time is not yours.',
  cancelled: 'The practice time is cancelled.',
  cannotTakePlace: 'This practice time can no longer take place.',
  booked: 'Booked. You will get a reminder before it starts.',
  published: 'Published. Other peers can book it now.',
} as const;

/** What a practice time's other side is told in the bell; `when` is its start in their zone (formatSessionTime). */
export const peerSlotNotices = {
  booked: (booker: string, when: string) => ({ title: 'Your practice time is booked', body: `${booker} booked your practice time on ${when}.` }),
  withdrawn: (when: string) => ({ title: 'A practice time was cancelled', body: `Your partner cancelled the practice time on ${when} that you booked.` }),
  reopened: (when: string) => ({ title: 'A booking was cancelled', body: `Your practice time on ${when} is open again for others to book.` }),
};

/** The first and the last start a slot can be published at now (both on the grid, both accepted by peerSlotPublishRefusal). */
export function peerSlotPublishableStarts(now: Date): { first: Date; last: Date } {
  const grid = PEER_SLOT_GRID_MIN * MS_PER_MINUTE;
  const earliest = now.getTime() + PEER_SLOT_PUBLISH_LEAD_MIN * MS_PER_MINUTE;
  const latest = now.getTime() + PEER_SLOT_PUBLISH_AHEAD_DAYS * 24 * 60 * MS_PER_MINUTE;
  return { first: new Date(Math.ceil(earliest / grid) * grid), last: new Date(Math.floor(latest / grid) * grid) };
}

/** Why a slot cannot be published at `startAt`, or null. */
export function peerSlotPublishRefusal({ startAt, now }: { startAt: Date; now: Date }): string | null {
  if (startAt.getTime() % (PEER_SLOT_GRID_MIN * MS_PER_MINUTE) !== 0) return peerSlotTexts.offGrid;
  if (startAt.getTime() < now.getTime() + PEER_SLOT_PUBLISH_LEAD_MIN * MS_PER_MINUTE) return peerSlotTexts.tooSoon;
  if (startAt.getTime() > now.getTime() + PEER_SLOT_PUBLISH_AHEAD_DAYS * 24 * 60 * MS_PER_MINUTE) return peerSlotTexts.tooFar;
  return null;
}

/** Why a slot starting at `startAt` cannot be booked now by someone with `availableMinutes`, or null. */
export function peerSlotBookRefusal({ startAt, now, availableMinutes }: { startAt: Date; now: Date; availableMinutes: number }): string | null {
  if (now.getTime() > startAt.getTime() - PEER_SLOT_BOOK_BEFORE_MIN * MS_PER_MINUTE) return peerSlotTexts.bookingClosed;
  if (!canStartPeerCall(availableMinutes)) return peerSlotTexts.notEnoughMinutes;
  return null;
}

export type PeerSlotJoinWindow = 'too-early' | 'open' | 'ended';
export function peerSlotJoinWindow(now: Date, startAt: Date, endAt: Date): PeerSlotJoinWindow {
  if (now.getTime() < peerSlotJoinOpensAt(startAt).getTime()) return 'too-early';
  if (now.getTime() >= endAt.getTime()) return 'ended';
  return 'open';
}

export const peerSlotJoinOpensAt = (startAt: Date) => new Date(startAt.getTime() - PEER_SLOT_JOIN_OPENS_BEFORE_MIN * MS_PER_MINUTE);

/** Both sides must have joined by then, or the slot's call ends as a no-show (costing nothing). */
export const peerSlotJoinDeadline = (startAt: Date) => new Date(startAt.getTime() + PEER_SLOT_NO_SHOW_MIN * MS_PER_MINUTE);

/**
 * When a slot's call ends for its slot: at the slot's end or, when both joined early, once it has
 * run the slot's length (a 15-minute time is 15 minutes of talk, and of minutes spent).
 */
export function peerSlotCallSlotEnd(startedAt: Date, slot: { startAt: Date; endAt: Date }): Date {
  return new Date(Math.min(slot.endAt.getTime(), startedAt.getTime() + slot.endAt.getTime() - slot.startAt.getTime()));
}

/** A slot's call ends when the slot does (peerSlotCallSlotEnd), or earlier when the smaller balance at its start runs out. */
export function peerSlotCallEndsAt({ startedAt, availableMinutes, slotEndAt }: { startedAt: Date; availableMinutes: number; slotEndAt: Date }): Date {
  const byMinutes = peerCallDeadline(startedAt, availableMinutes).getTime();
  return new Date(Math.max(startedAt.getTime(), Math.min(byMinutes, slotEndAt.getTime())));
}

// ---- The wire contract ----------------------------------------------------------------------------

/** POST /api/peer/slots: publish a practice time. */
export const peerSlotPayload = z.object({
  startAt: z.iso.datetime({ offset: true }),
  lengthMin: z.union(PEER_SLOT_LENGTHS_MIN.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<45>]),
  mode: z.enum(peerCallModes).default('video'),
});
export type PeerSlotPayload = z.input<typeof peerSlotPayload>;

export const peerSlotStatuses = ['open', 'booked', 'cancelled'] as const;

const slotPerson = z.object({ name: z.string(), level: z.enum(PEER_LEVELS), firstLanguage: z.string() });

/** One of the caller's own slots: published (host) or booked (guest). */
export const peerSlotSchema = z.object({
  _id: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  lengthMin: z.number().int(),
  mode: z.enum(peerCallModes),
  status: z.enum(peerSlotStatuses),
  role: z.enum(['host', 'guest']),
  /** The other side (null: nobody booked it yet). */
  partner: slotPerson.nullable(),
  /** The call created when the first side joined (null: not yet). */
  callId: z.string().nullable(),
});
export type PeerSlot = z.infer<typeof peerSlotSchema>;

/** A time another peer published, near the caller's level, that the caller may book. */
export const peerOpenSlotSchema = z.object({
  _id: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  lengthMin: z.number().int(),
  mode: z.enum(peerCallModes),
  host: slotPerson,
});
export type PeerOpenSlot = z.infer<typeof peerOpenSlotSchema>;

/** GET /api/peer/slots: the caller's upcoming slots, and others' open ones to book. */
export const peerSlotsResponse = z.object({ mine: z.array(peerSlotSchema), open: z.array(peerOpenSlotSchema) });
export type PeerSlots = z.infer<typeof peerSlotsResponse>;

/** POST /api/peer/slots/:id/join: the call page to open. */
export const peerSlotJoinResponse = z.object({ callId: z.string() });
