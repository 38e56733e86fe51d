import { kidAgeAt, kidPeerAgeBand, kidPeerRefusal, kidPeerTexts, minutesToGiveProblem, type KidPeerKid, type KidPeerMinutesPayload, type KidPeerPractice } from '@parley/domain/kid-peer';
import type { PeerProfilePayload } from '@parley/domain/peer';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import * as repo from './kid-peer.repository';
import * as slots from './peer-slots.service';
import * as slotRepo from './peer-slots.repository';
import * as peerRepo from './peer.repository';
import * as peer from './peer.service';

// Kids peer practice, from the parent's account: consent per kid (off by default), the kid's
// level, minutes the parent gives from their own (bought with their wallet), and the kid's
// practice times, which the parent publishes or books (that is the parent's approval). The kid
// joins the call from their own session. Slots, calls, charging, reports and moderation are the
// adults' (peer-slots.service, peer.service).

function toKid(row: repo.KidRow, now: Date): KidPeerKid {
  const age = row.dob ? kidAgeAt(row.dob, now, row.timezone) : null;
  return {
    kidId: row.id,
    name: row.name,
    consent: row.consentAt !== null,
    age,
    ageBand: age === null ? null : (kidPeerAgeBand(age)?.label ?? null),
    level: row.level,
    firstLanguage: row.firstLanguage,
    availableMinutes: row.availableMinutes ?? 0,
    refusal: refusalOf(row, now),
    suspension: row.suspendedAt ? { reason: row.suspensionReason ?? '', at: row.suspendedAt.toISOString() } : null,
  };
}

function refusalOf(row: repo.KidRow, now: Date): string | null {
  if (row.suspendedAt) return `Peer practice is suspended for ${row.name}: ${row.suspensionReason ?? ''}`;
  return kidPeerRefusal({ consent: row.consentAt !== null, age: row.dob ? kidAgeAt(row.dob, now, row.timezone) : null, hasProfile: row.level !== null });
}

async function requireKid(ctx: AppContext, parentId: string, kidId: string): Promise<repo.KidRow> {
  const kid = await repo.kidOf(ctx.db, parentId, kidId);
  if (!kid) throw notFound(kidPeerTexts.notYourKid);
  return kid;
}

/** The kid as a slot actor, when they may practise now (consent, age band, level, not suspended). */
async function practisingKid(ctx: AppContext, kid: repo.KidRow | undefined): Promise<slots.SlotActor> {
  if (!kid) throw notFound(kidPeerTexts.notYourKid);
  const refusal = refusalOf(kid, ctx.now());
  if (refusal) throw new AppError('CONFLICT', refusal);
  return { userId: kid.id, kind: 'kid' };
}

/** GET /api/kid-peer/kids */
export async function listKids(ctx: AppContext, parent: AuthContext) {
  const now = ctx.now();
  return { kids: (await repo.kidsOf(ctx.db, parent.userId)).map((row) => toKid(row, now)) };
}

/**
 * PUT /api/kid-peer/kids/:kidId/consent: the parent's switch. Switching it off also withdraws
 * the kid's upcoming practice times that have no call yet (their partners are told).
 */
export async function setConsent(ctx: AppContext, parent: AuthContext, kidId: string, consent: boolean): Promise<KidPeerKid> {
  const kid = await requireKid(ctx, parent.userId, kidId);
  const now = ctx.now();
  await repo.setConsent(ctx.db, kid.id, consent ? (kid.consentAt ?? now) : null);
  if (!consent) {
    const actor: slots.SlotActor = { userId: kid.id, kind: 'kid' };
    for (const { slot } of await slotRepo.upcomingSlotsOf(ctx.db, kid.id, now)) {
      if (!slot.callId && slot.startAt > now) await slots.cancelSlot(ctx, actor, slot.id);
    }
  }
  return toKid((await repo.kidOf(ctx.db, parent.userId, kidId))!, now);
}

/** PUT /api/kid-peer/kids/:kidId/profile: the kid's speaking level and first language. */
export async function updateProfile(ctx: AppContext, parent: AuthContext, kidId: string, input: Pick<PeerProfilePayload, 'level' | 'firstLanguage'>): Promise<KidPeerKid> {
  const kid = await requireKid(ctx, parent.userId, kidId);
  await peerRepo.upsertProfile(ctx.db, kid.id, { level: input.level, firstLanguage: input.firstLanguage.trim() }, ctx.now());
  return toKid((await repo.kidOf(ctx.db, parent.userId, kidId))!, ctx.now());
}

/**
 * POST /api/kid-peer/kids/:kidId/minutes: moves minutes from the parent's peer balance to the kid's,
 * both in the ledger. A gift sent again under the same request key (a double click, a retry after a
 * lost answer) moves them once and answers with the balance the key's kid has now.
 */
export async function giveMinutes(ctx: AppContext, parent: AuthContext, kidId: string, input: KidPeerMinutesPayload): Promise<KidPeerKid> {
  const kid = await requireKid(ctx, parent.userId, kidId);
  const { minutes, requestKey } = input;
  const now = ctx.now();
  const givenTo = await ctx.db.transaction(async (tx) => {
    // Recorded first, so a repeat is answered before the balance and call checks it no longer needs.
    if (!(await repo.recordMinuteGift(tx, { parentId: parent.userId, kidId: kid.id, minutes, requestKey, createdAt: now }))) {
      return (await repo.minuteGiftKidId(tx, parent.userId, requestKey)) ?? kid.id;
    }
    // Balances locked in user-id order, as a call's end locks them.
    const [first, second] = [parent.userId, kid.id].sort();
    const locked = new Map([[first!, await peerRepo.lockBalance(tx, first!)], [second!, await peerRepo.lockBalance(tx, second!)]]);
    const parentMinutes = locked.get(parent.userId)!;
    // A call is charged from the balance its end finds: minutes given away mid-call would make it free.
    if (await peerRepo.activeCallOf(tx, parent.userId)) throw new AppError('CONFLICT', 'Finish your peer call before giving minutes away.');
    const tooMany = minutesToGiveProblem(minutes, parentMinutes);
    if (tooMany) throw new AppError('INSUFFICIENT_BALANCE', tooMany);
    await peerRepo.insertEntryAndSetBalance(tx, { userId: parent.userId, delta: -minutes, reason: 'transfer', counterpartId: kid.id, balanceAfter: parentMinutes - minutes, createdAt: now });
    const kidMinutes = locked.get(kid.id)!;
    await peerRepo.insertEntryAndSetBalance(tx, { userId: kid.id, delta: minutes, reason: 'transfer', counterpartId: parent.userId, balanceAfter: kidMinutes + minutes, createdAt: now });
    return kid.id;
  });
  return toKid((await repo.kidOf(ctx.db, parent.userId, givenTo))!, now);
}

/** GET /api/kid-peer/kids/:kidId/slots: the kid's upcoming times, and other kids' times they may book. */
export async function listSlots(ctx: AppContext, parent: AuthContext, kidId: string) {
  const kid = await requireKid(ctx, parent.userId, kidId);
  const actor: slots.SlotActor = { userId: kid.id, kind: 'kid' };
  const list = await slots.listSlots(ctx, actor);
  return refusalOf(kid, ctx.now()) ? { mine: list.mine, open: [] } : list;
}

export async function publishSlot(ctx: AppContext, parent: AuthContext, kidId: string, input: Parameters<typeof slots.publishSlot>[2]) {
  return slots.publishSlot(ctx, await practisingKid(ctx, await repo.kidOf(ctx.db, parent.userId, kidId)), input);
}

export async function bookSlot(ctx: AppContext, parent: AuthContext, kidId: string, slotId: string) {
  return slots.bookSlot(ctx, await practisingKid(ctx, await repo.kidOf(ctx.db, parent.userId, kidId)), slotId);
}

export async function cancelSlot(ctx: AppContext, parent: AuthContext, kidId: string, slotId: string) {
  const kid = await requireKid(ctx, parent.userId, kidId);
  return slots.cancelSlot(ctx, { userId: kid.id, kind: 'kid' }, slotId);
}

/** GET /api/kid-peer/kids/:kidId/calls: the kid's past calls. */
export async function pastCalls(ctx: AppContext, parent: AuthContext, kidId: string, page: { page: number; limit: number }) {
  const kid = await requireKid(ctx, parent.userId, kidId);
  return peer.pastCallsOf(ctx, kid.id, page);
}

/** POST /api/kid-peer/slots/:id/join, in the kid's own session: the slot's call, as for adults. */
export async function joinSlot(ctx: AppContext, kid: AuthContext, slotId: string) {
  return slots.joinSlot(ctx, await practisingKid(ctx, await repo.kidById(ctx.db, kid.userId)), slotId);
}

/** GET /api/kid-peer/slots, in the kid's own session: their upcoming practice times (only what the parent arranged). */
export async function kidOwnSlots(ctx: AppContext, kid: AuthContext) {
  const row = await repo.kidById(ctx.db, kid.userId);
  if (!row) throw notFound(kidPeerTexts.notYourKid);
  return { mine: (await slots.listSlots(ctx, { userId: row.id, kind: 'kid' })).mine, open: [] };
}

/**
 * GET /api/kid-peer/practice, in the kid's own session: what the kids area shows about peer
 * practice. Switched off, the kid has no practice times (switching off withdraws them).
 */
export async function kidOwnPractice(ctx: AppContext, kid: AuthContext): Promise<KidPeerPractice> {
  const row = await repo.kidById(ctx.db, kid.userId);
  if (!row) throw notFound(kidPeerTexts.notYourKid);
  if (row.consentAt === null) return { consent: false, next: null };
  // Upcoming times come soonest first, and one still under way counts until its end.
  const [next] = (await slots.listSlots(ctx, { userId: row.id, kind: 'kid' })).mine;
  return { consent: true, next: next ?? null };
}
