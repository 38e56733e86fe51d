import { REMINDER_OFFSETS_MIN, reminderTimes } from '@parley/domain/live-sessions';
import { PEER_LEVELS, PEER_MAX_LEVEL_DISTANCE, peerTexts, type PeerCallMode, type PeerLevel } from '@parley/domain/peer';
import {
  PEER_SLOT_BOOK_BEFORE_MIN,
  PEER_SLOT_JOIN_OPENS_BEFORE_MIN,
  peerSlotBookRefusal,
  peerSlotJoinDeadline,
  peerSlotJoinWindow,
  peerSlotNotices,
  peerSlotPublishRefusal,
  peerSlotTexts,
  type PeerOpenSlot,
  type PeerSlot,
  type PeerSlots,
} from '@parley/domain/peer-slots';
import { MS_PER_MINUTE } from '@parley/domain/zoned-time';
import { canStartPeerCall } from '@parley/domain/limits';
import { kidAgeAt, kidsMayPractiseTogether } from '@parley/domain/kid-peer';
import { letter } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { refusingOverlap } from '../../lib/pg-errors';
import { queueMail, sendQueuedMail } from '../mail/mail.service';
import { notify, pushNotifications, type NotificationRow } from '../notifications/notifications.service';
import * as peerRepo from './peer.repository';
import { createSlotCall, notifyWithParent, practiceRefusal, practiceTimeFor, scheduleCheck } from './peer.service';
import * as repo from './peer-slots.repository';

// Scheduled practice: a peer publishes a time, another books it, both get reminders (24 h and
// 15 min before, like booked sessions), and at the time both open the same call page; the call is
// created by whichever side joins first and is an ordinary peer call (minimum, charging, jobs).

export const PEER_SLOT_REMINDER_JOB = 'peer-slot-reminder';
export type PeerSlotReminderJob = { slotId: string; offsetMin: number };
const JOB_RETRIES = { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true };
const CLOCK_SKEW_TOLERANCE_MS = 5 * MS_PER_MINUTE;

/**
 * Who a slot is for: an adult (a learner or a peer account, acting for themselves) or a kid (the
 * parent acts for them from the kid-peer pages; a kid joins the call from their own session).
 * Adults practise only with adults, kids only with kids of their age band.
 */
export type SlotActor = { userId: string; kind: 'adult' | 'kid' };
export const adultActor = (auth: AuthContext): SlotActor => ({ userId: auth.userId, kind: 'adult' });

const dashboardOf = (kind: SlotActor['kind']) => (kind === 'kid' ? '/kid-peer/dashboard' : '/peer-learning/dashboard');
const ADULT_ROLES = ['learner', 'peer'] as const;

/** Whether a host may practise with the actor: the same kind of account, and for kids the same age band and a near level with consent. */
function sameKind(actor: SlotActor, host: { role: string; dob: string | null; kidPeerConsentAt: Date | null }): boolean {
  if (actor.kind === 'adult') return (ADULT_ROLES as readonly string[]).includes(host.role);
  return host.role === 'kid' && host.kidPeerConsentAt !== null && host.dob !== null;
}

/** Levels whose peers may practise with someone at `level` (as the queue matches). */
export function levelsNear(level: PeerLevel): PeerLevel[] {
  const at = PEER_LEVELS.indexOf(level);
  return PEER_LEVELS.filter((_, i) => Math.abs(i - at) <= PEER_MAX_LEVEL_DISTANCE);
}

/** The database refused a practice time overlapping another the caller holds. */
const overlapping = () => new AppError('SLOT_TAKEN', peerSlotTexts.overlaps);

/** The caller's peer profile, required to publish or book, and not suspended. */
async function requirePracticeProfile(db: Db, userId: string) {
  const row = await peerRepo.findProfile(db, userId);
  if (!row) throw new AppError('CONFLICT', peerTexts.needsProfile);
  if (row.profile.suspendedAt) throw new AppError('FORBIDDEN', peerTexts.suspended(row.profile.suspensionReason ?? ''));
  return row;
}

/** POST /api/peer/slots: publishes a time; refused when it overlaps the caller's other practice times. */
export async function publishSlot(ctx: AppContext, actor: SlotActor, input: { startAt: string; lengthMin: number; mode: PeerCallMode }): Promise<PeerSlot> {
  const now = ctx.now();
  const startAt = new Date(input.startAt);
  const refusal = peerSlotPublishRefusal({ startAt, now });
  if (refusal) throw new AppError('BAD_REQUEST', refusal);
  await requirePracticeProfile(ctx.db, actor.userId);
  if (!canStartPeerCall(await peerRepo.findBalance(ctx.db, actor.userId))) throw new AppError('CONFLICT', peerSlotTexts.notEnoughMinutes);
  const endAt = new Date(startAt.getTime() + input.lengthMin * MS_PER_MINUTE);
  const slot = await refusingOverlap(overlapping, () =>
    ctx.db.transaction((tx) => repo.insertSlot(tx, { hostId: actor.userId, startAt, endAt, mode: input.mode, createdAt: now })),
  );
  return toSlot(slot, 'host', null);
}

/** Two kids may meet: both of an age band (each by their birth date, as of today on their own calendar) at most one level apart. */
type KidAge = { dob: string | null; timezone: string };
function mayPractiseKids(me: KidAge, myLevel: PeerLevel, host: KidAge & { level: PeerLevel | null }, now: Date): boolean {
  if (!me.dob || !host.dob || !host.level) return false;
  return kidsMayPractiseTogether({ age: kidAgeAt(me.dob, now, me.timezone), level: myLevel }, { age: kidAgeAt(host.dob, now, host.timezone), level: host.level });
}

type SlotPerson = { name: string | null; level: PeerLevel | null; firstLanguage: string | null } | null;
const personOf = (p: SlotPerson) => (p?.name && p.level ? { name: p.name, level: p.level, firstLanguage: p.firstLanguage ?? '' } : null);

function toSlot(slot: repo.SlotRow, role: 'host' | 'guest', partner: SlotPerson): PeerSlot {
  return {
    _id: slot.id,
    startAt: slot.startAt.toISOString(),
    endAt: slot.endAt.toISOString(),
    lengthMin: Math.round((slot.endAt.getTime() - slot.startAt.getTime()) / MS_PER_MINUTE),
    mode: slot.mode,
    status: slot.status,
    role,
    partner: personOf(partner),
    callId: slot.callId,
  };
}

/** GET /api/peer/slots: the caller's upcoming practice times, and times near their level they may book. */
export async function listSlots(ctx: AppContext, actor: SlotActor): Promise<PeerSlots> {
  const now = ctx.now();
  const [mineRows, profile, [me]] = await Promise.all([repo.upcomingSlotsOf(ctx.db, actor.userId, now), peerRepo.findProfile(ctx.db, actor.userId), repo.people(ctx.db, [actor.userId])]);
  const mine = mineRows.map((r) => (r.slot.hostId === actor.userId ? toSlot(r.slot, 'host', r.guest) : toSlot(r.slot, 'guest', r.host)));
  if (!profile || profile.profile.suspendedAt || !me) return { mine, open: [] };
  const openRows = await repo.openSlotsFor(ctx.db, actor.userId, {
    bookableAfter: new Date(now.getTime() + PEER_SLOT_BOOK_BEFORE_MIN * MS_PER_MINUTE),
    levels: levelsNear(profile.profile.level),
    roles: actor.kind === 'kid' ? ['kid'] : [...ADULT_ROLES],
  });
  const mayMeet = (host: (typeof openRows)[number]['hostUser']) =>
    sameKind(actor, host) && (actor.kind === 'adult' || mayPractiseKids(me, profile.profile.level, host, now));
  const open: PeerOpenSlot[] = openRows.filter((r) => mayMeet(r.hostUser)).map((r) => ({
    _id: r.slot.id,
    startAt: r.slot.startAt.toISOString(),
    endAt: r.slot.endAt.toISOString(),
    lengthMin: Math.round((r.slot.endAt.getTime() - r.slot.startAt.getTime()) / MS_PER_MINUTE),
    mode: r.slot.mode,
    host: { name: r.host.name, level: r.host.level, firstLanguage: r.host.firstLanguage },
  }));
  return { mine, open };
}

/**
 * POST /api/peer/slots/:id/book: one booker per slot (the slot row is locked, and must be open),
 * a peer near the host's level with the minutes a call needs, never someone either reported;
 * the booker's time must be free (the exclusion constraint decides, also under a race).
 * Reminders are sent to the queue after the commit; the host hears of it in the app.
 */
export async function bookSlot(ctx: AppContext, actor: SlotActor, slotId: string): Promise<PeerSlot> {
  const now = ctx.now();
  const me = await requirePracticeProfile(ctx.db, actor.userId);
  const { slot, notices } = await refusingOverlap(overlapping, () =>
    ctx.db.transaction(async (tx) => {
      // The two peers' rows before the slot (as an edit of a kid's date of birth takes them): the
      // ages compared are the ones that stand when the booking commits.
      const hostId = (await repo.findSlot(tx, slotId))?.hostId ?? actor.userId;
      const people = await repo.lockPeople(tx, [...new Set([actor.userId, hostId])]);
      const meUser = people.find((p) => p.id === actor.userId);
      const slot = await repo.lockSlot(tx, slotId);
      if (!slot || slot.status === 'cancelled') throw notFound(peerSlotTexts.notOpen);
      if (slot.hostId === actor.userId) throw new AppError('CONFLICT', peerSlotTexts.ownSlot);
      if (slot.status !== 'open') throw new AppError('SLOT_TAKEN', peerSlotTexts.taken);
      const host = await peerRepo.findProfile(tx, slot.hostId);
      const hostUser = people.find((p) => p.id === slot.hostId);
      if (!host || host.profile.suspendedAt || !hostUser || !meUser || !sameKind(actor, hostUser) || !levelsNear(me.profile.level).includes(host.profile.level)) throw notFound(peerSlotTexts.notOpen);
      if (actor.kind === 'kid' && !mayPractiseKids(meUser, me.profile.level, { ...hostUser, level: host.profile.level }, now)) throw notFound(peerSlotTexts.notOpen);
      if (await repo.reportedEitherWay(tx, actor.userId, slot.hostId)) throw notFound(peerSlotTexts.notOpen);
      const refusal = peerSlotBookRefusal({ startAt: slot.startAt, now, availableMinutes: await peerRepo.findBalance(tx, actor.userId) });
      if (refusal) throw new AppError('CONFLICT', refusal);
      await repo.bookSlot(tx, slot, actor.userId, now);
      // The reminders commit with the booking (a crash after the commit cannot lose them).
      await ctx.jobs.insertWithin(
        tx,
        reminderTimes(slot.startAt, now).map(({ offsetMin, dueAt }) => ({ name: PEER_SLOT_REMINDER_JOB, data: { slotId: slot.id, offsetMin } satisfies PeerSlotReminderJob, startAfter: dueAt })),
      );
      const notices = await notifyWithParent(tx, hostUser, {
        kind: 'peer_slot_booked',
        ...peerSlotNotices.booked(me.name, practiceTimeFor(slot.startAt, hostUser.timezone)),
        link: dashboardOf(actor.kind),
      });
      return { slot: { ...slot, guestId: actor.userId, status: 'booked' as const, bookedAt: now }, notices };
    }),
  );
  pushNotifications(ctx, notices);
  const host = await peerRepo.findProfile(ctx.db, slot.hostId);
  return toSlot(slot, 'guest', host ? { name: host.name, level: host.profile.level, firstLanguage: host.profile.firstLanguage } : null);
}

/**
 * POST /api/peer/slots/:id/cancel, before the call exists: the host withdraws the time (the
 * guest is told), or the guest gives it back (open again; the host is told).
 */
export async function cancelSlot(ctx: AppContext, actor: SlotActor, slotId: string): Promise<{ message: string }> {
  const now = ctx.now();
  const link = dashboardOf(actor.kind);
  const notices = await ctx.db.transaction(async (tx) => {
    const slot = await repo.lockSlot(tx, slotId);
    if (!slot || (slot.hostId !== actor.userId && slot.guestId !== actor.userId)) throw notFound(peerSlotTexts.notYours);
    if (slot.status === 'cancelled') throw new AppError('CONFLICT', peerSlotTexts.cancelled);
    if (slot.callId || now >= slot.startAt) throw new AppError('CONFLICT', peerSlotTexts.over);
    const partnerId = slot.hostId === actor.userId ? slot.guestId : slot.hostId;
    if (slot.hostId === actor.userId) await repo.cancelSlot(tx, slot.id, now);
    else await repo.reopenSlot(tx, slot);
    const [partner] = partnerId ? await repo.people(tx, [partnerId]) : [];
    if (!partner) return [];
    const when = practiceTimeFor(slot.startAt, partner.timezone);
    const notice = slot.hostId === actor.userId ? peerSlotNotices.withdrawn(when) : peerSlotNotices.reopened(when);
    return notifyWithParent(tx, partner, { kind: 'peer_slot_cancelled', ...notice, link });
  });
  pushNotifications(ctx, notices);
  return { message: peerSlotTexts.cancelled };
}

/**
 * POST /api/peer/slots/:id/join: from 5 minutes before the start until the end, either side
 * gets the slot's call, created by the first to join (an ordinary peer call whose two sides must
 * join within 10 minutes of the start, and which ends with the slot).
 */
export async function joinSlot(ctx: AppContext, actor: SlotActor, slotId: string): Promise<{ callId: string }> {
  const now = ctx.now();
  const created = await ctx.db.transaction(async (tx) => {
    const slot = await repo.lockSlot(tx, slotId);
    if (!slot || (slot.hostId !== actor.userId && slot.guestId !== actor.userId)) throw notFound(peerSlotTexts.notYours);
    const partnerId = slot.hostId === actor.userId ? slot.guestId : slot.hostId;
    // A suspension or a report between the two frees their times; this also covers a time booked before either.
    if (partnerId && ((await repo.eitherSuspended(tx, actor.userId, partnerId)) || (await repo.reportedEitherWay(tx, actor.userId, partnerId)))) {
      throw new AppError('CONFLICT', peerSlotTexts.cannotTakePlace);
    }
    if (slot.callId) return { callId: slot.callId, created: null };
    if (slot.status !== 'booked' || !slot.guestId || !partnerId) throw new AppError('CONFLICT', slot.status === 'cancelled' ? peerSlotTexts.cancelled : peerSlotTexts.notBooked);
    const window = peerSlotJoinWindow(now, slot.startAt, slot.endAt);
    if (window === 'too-early') throw new AppError('CONFLICT', peerSlotTexts.tooEarly);
    if (window === 'ended') throw new AppError('CONFLICT', peerSlotTexts.over);
    const refusal = await practiceRefusal(tx, actor.userId);
    if (refusal) throw new AppError('CONFLICT', refusal);
    // A peer call needs 5 minutes on both sides: the call ends when the smaller balance runs out.
    if (!canStartPeerCall(await peerRepo.findBalance(tx, partnerId))) throw new AppError('CONFLICT', peerSlotTexts.partnerOutOfMinutes);
    const joinDeadline = peerSlotJoinDeadline(slot.startAt);
    const callId = await createSlotCall(tx, { hostId: slot.hostId, guestId: slot.guestId, mode: slot.mode, joinDeadline, scheduledEndAt: slot.endAt, now });
    await repo.setSlotCall(tx, slot.id, callId);
    return { callId, created: { joinDeadline: joinDeadline < now ? now : joinDeadline } };
  });
  if (created.created) await scheduleCheck(ctx, created.callId, created.created.joinDeadline);
  return { callId: created.callId };
}

// ---- Reminders ------------------------------------------------------------------------------------

/**
 * The reminder job: host and guest each get an in-app notification and an e-mail (a kid the
 * notification, and their parent both), once (a row per slot, reminder and recipient decides). A slot cancelled, reopened or started since gets nothing.
 */
export async function sendSlotReminder(ctx: AppContext, job: PeerSlotReminderJob): Promise<void> {
  const now = ctx.now();
  const slot = await repo.findSlot(ctx.db, job.slotId);
  if (!slot || slot.status !== 'booked' || !slot.guestId || now >= slot.startAt) return;
  const dueAtMs = slot.startAt.getTime() - job.offsetMin * MS_PER_MINUTE;
  if (now.getTime() < dueAtMs - CLOCK_SKEW_TOLERANCE_MS) throw new Error(`peer slot reminder ${job.slotId} is not due yet by this process's clock`);
  // A late run whose closer reminder is already due leaves it to that one.
  if (REMINDER_OFFSETS_MIN.some((offset) => offset < job.offsetMin && now.getTime() >= slot.startAt.getTime() - offset * MS_PER_MINUTE)) return;
  const sent = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockSlot(tx, job.slotId);
    if (!current || current.status !== 'booked' || !current.guestId) return { mailIds: [] as string[], notices: [] as NotificationRow[] };
    const sides = await repo.people(tx, [current.hostId, current.guestId]);
    // A kid's reminder also goes to their parent, who gets the e-mail (kids have none).
    const parentIds = sides.flatMap((p) => (p.parentId ? [p.parentId] : []));
    const parents = parentIds.length ? await repo.people(tx, parentIds) : [];
    const mailIds: string[] = [];
    const notices: NotificationRow[] = [];
    const minutesLeft = Math.max(1, Math.round((current.startAt.getTime() - now.getTime()) / MS_PER_MINUTE));
    for (const side of sides) {
      const partner = sides.find((p) => p.id !== side.id)?.name ?? 'a partner';
      const link = dashboardOf(side.parentId ? 'kid' : 'adult');
      for (const person of [side, ...parents.filter((p) => p.id === side.parentId)]) {
        if (!(await repo.claimReminder(tx, { slotId: current.id, offsetMin: job.offsetMin, recipientId: person.id }))) continue;
        const when = minutesLeft <= 60 ? `starts in ${minutesLeft} minutes` : `is on ${practiceTimeFor(current.startAt, person.timezone)}`;
        const title = person.id === side.id ? `Your peer practice with ${partner} ${when}` : `${side.name}’s peer practice with ${partner} ${when}`;
        notices.push(await notify(tx, person.id, { kind: 'peer_slot_reminder', title, body: `Join opens ${PEER_SLOT_JOIN_OPENS_BEFORE_MIN} minutes before the start.`, link }));
        if (person.email) {
          const text = letter(person.name, [`${title}.`, '', `Join from the peer dashboard: ${ctx.config.publicUrl}${link}`, `Join opens ${PEER_SLOT_JOIN_OPENS_BEFORE_MIN} minutes before the start.`]);
          mailIds.push(await queueMail(tx, { to: person.email, subject: `Reminder: ${title}`, text, topic: `peer-slot-reminder:${current.id}:${job.offsetMin}` }));
        }
      }
    }
    return { mailIds, notices };
  });
  pushNotifications(ctx, sent.notices);
  for (const mailId of sent.mailIds) await sendQueuedMail(ctx, mailId);
}

export async function registerPeerSlotJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<PeerSlotReminderJob>(PEER_SLOT_REMINDER_JOB, (job) => sendSlotReminder(ctx, job), JOB_RETRIES);
}
