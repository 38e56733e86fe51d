import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AFFILIATE_ATTRIBUTION_DAYS,
  AFFILIATE_COMMISSION_CAP_MINOR,
  AFFILIATE_PAYOUT_MINIMUM_MINOR,
  affiliateVisit,
  attributionStillValid,
  maskLearnerName,
  NEW_AFFILIATE_COUPON_PERCENT,
} from '@parley/domain/affiliate';
import { affiliateMayShare, campaignLinkFor } from '@parley/domain/affiliate-link';
import {
  commissionStatus,
  conversionPercent,
  type AffiliateDashboard,
  type AffiliateEarnings,
  type AffiliateLink,
  type AffiliateProfile,
  type AffiliateReferrer,
  type AffiliateSeries,
  type AffiliateVisitPayload,
} from '@parley/domain/affiliate-api';
import { normalizedEmail } from '@parley/domain/referral';
import { currencyForCountry, type Currency, type Money } from '@parley/domain/money';
import { addDaysToIsoDate, isoDateInZone, MS_PER_DAY, zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import { hmacSha256Hex } from '../../payments/signature';
import * as repo from './affiliate.repository';

/** The browser's first affiliate touch: the click's id, kept for the attribution window. */
export const AFFILIATE_COOKIE = 'parley_aff';
/** Set by sign-in (auth): tells that the affiliate is looking at their own link. */
const DEVICE_COOKIE = 'parley_device';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cookieValue = (request: FastifyRequest, name: string, pattern: RegExp) => {
  const value = request.cookies[name];
  return value && pattern.test(value) ? value : undefined;
};

async function influencerOf(ctx: AppContext, userId: string) {
  const influencer = await repo.findInfluencer(ctx.db, userId);
  if (!influencer) throw notFound('Affiliate not found');
  return influencer;
}

/** The affiliate's earnings currency: fixed by their balance once it exists, else their country's. */
export async function earningsCurrency(ctx: AppContext, influencer: repo.InfluencerRow): Promise<Currency> {
  return (await repo.findBalance(ctx.db, influencer.userId))?.currency ?? currencyForCountry(influencer.country);
}

export async function affiliateProfile(ctx: AppContext, userId: string): Promise<AffiliateProfile> {
  const influencer = await influencerOf(ctx, userId);
  return { referralCode: influencer.referralCode, cuponDiscount: influencer.couponDiscountPercent, status: influencer.status, canShare: affiliateMayShare(influencer.status) };
}

/** spec §4: the campaign link is given only to an affiliate whose status is empty or Approved. */
export async function affiliateLink(ctx: AppContext, userId: string): Promise<AffiliateLink> {
  const influencer = await influencerOf(ctx, userId);
  if (!affiliateMayShare(influencer.status)) throw new AppError('FORBIDDEN', 'Your referral link is available once your partnership is approved.');
  return { referralCode: influencer.referralCode, campaignLink: campaignLinkFor(ctx.config.publicUrl, influencer.referralCode) };
}

/** What the login answer carries for an influencer (spec §3 Influencer). */
/** A new affiliate's record, in the caller's transaction: Pending, for the moderators to decide on. */
export async function openAffiliateApplication(tx: Db, application: { userId: string; referralCode: string; channel: string; audience: string }): Promise<void> {
  await repo.insertInfluencer(tx, { ...application, status: 'Pending', couponDiscountPercent: NEW_AFFILIATE_COUPON_PERCENT });
}

export async function influencerRecord(ctx: { db: AppContext['db'] }, userId: string) {
  const influencer = await repo.findInfluencer(ctx.db, userId);
  return influencer ? { refferalcode: influencer.referralCode, cuponDiscount: influencer.couponDiscountPercent, status: influencer.status } : undefined;
}

// ---- Attribution --------------------------------------------------------------------------------

/**
 * A landing visit through an affiliate's code or campaign link. Each one counts as a click
 * (once per browser while its first touch lasts, and once a day per address: fresh browsers from
 * one place cannot pump the count); the first, within 30 days, is the one a sign-up is attributed
 * to (a browser whose address already clicked today gets that click). The affiliate's own browser
 * does not count.
 */
export async function recordVisit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, visit: AffiliateVisitPayload & { referralCode: string }) {
  const influencer = await repo.findInfluencerByCode(ctx.db, visit.referralCode);
  if (!influencer || !affiliateMayShare(influencer.status)) return { recorded: false, firstTouch: false, codeActive: false };
  const deviceId = cookieValue(request, DEVICE_COOKIE, uuidPattern);
  if (deviceId && (await repo.userUsedDevice(ctx.db, influencer.userId, deviceId))) return { recorded: false, firstTouch: false, codeActive: true };

  const now = ctx.now();
  const touchedId = cookieValue(request, AFFILIATE_COOKIE, uuidPattern);
  const touched = touchedId ? await repo.findClick(ctx.db, touchedId) : undefined;
  const firstTouchLasts = touched !== undefined && attributionStillValid(touched.createdAt, now);
  if (firstTouchLasts && touched.influencerId === influencer.userId) return { recorded: false, firstTouch: true, codeActive: true };

  const { visitor, day } = affiliateVisit(request.ip, now);
  const click = await repo.insertDailyClick(ctx.db, {
    influencerId: influencer.userId,
    utmSource: visit.utm?.utm_source ?? null,
    utmMedium: visit.utm?.utm_medium ?? null,
    utmCampaign: visit.utm?.utm_campaign ?? null,
    landingPath: visit.path,
    // Keyed with the server's secret: the address itself is never stored.
    visitorKey: hmacSha256Hex(ctx.config.tokenSecret, `affiliate-visitor:${visitor}`),
    visitDay: day,
    createdAt: now,
  });
  if (firstTouchLasts) return { recorded: click.recorded, firstTouch: false, codeActive: true };
  reply.setCookie(AFFILIATE_COOKIE, click.id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    path: '/',
    expires: new Date(now.getTime() + AFFILIATE_ATTRIBUTION_DAYS * MS_PER_DAY),
  });
  return { recorded: click.recorded, firstTouch: true, codeActive: true };
}

/** The affiliate whose code was typed at sign-up, when it is one (learners' own codes are Refer & Earn). */
export async function findSharingAffiliateByCode(ctx: AppContext, code: string) {
  const influencer = await repo.findInfluencerByCode(ctx.db, code.trim().toUpperCase());
  return influencer && affiliateMayShare(influencer.status) ? { id: influencer.userId, email: influencer.email } : undefined;
}

/** The code of the affiliate who brought this learner, while that affiliate may share it; else null. */
export async function referrerOf(ctx: AppContext, learnerId: string): Promise<AffiliateReferrer> {
  const influencer = await repo.findAttributedInfluencer(ctx.db, learnerId);
  return { referralCode: influencer && affiliateMayShare(influencer.status) ? influencer.referralCode : null };
}

/** The affiliate is the one signing up: the same inbox, or a browser the affiliate signed in on. */
async function isAffiliateThemself(ctx: AppContext, request: FastifyRequest, affiliate: { userId: string; email: string | null }, email: string) {
  if (affiliate.email && normalizedEmail(affiliate.email) === normalizedEmail(email)) return true;
  const deviceId = cookieValue(request, DEVICE_COOKIE, uuidPattern);
  return deviceId !== undefined && (await repo.userUsedDevice(ctx.db, affiliate.userId, deviceId));
}

/** Refuses a sign-up typing an affiliate's code when the affiliate is the one signing up. */
export async function refuseSelfAttribution(ctx: AppContext, request: FastifyRequest, affiliateId: string, email: string): Promise<boolean> {
  const affiliate = await repo.findInfluencer(ctx.db, affiliateId);
  return affiliate !== undefined && (await isAffiliateThemself(ctx, request, affiliate, email));
}

/**
 * After a sign-up: the learner is attributed to the browser's first touch if it is still within
 * the window, else to the affiliate whose code they typed; once, and never to themselves.
 */
export async function attributeSignUp(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, signUp: { learnerId: string; email: string; typedAffiliateId?: string | undefined }) {
  const now = ctx.now();
  const touchedId = cookieValue(request, AFFILIATE_COOKIE, uuidPattern);
  const touched = touchedId ? await repo.findClick(ctx.db, touchedId) : undefined;
  if (touchedId) reply.clearCookie(AFFILIATE_COOKIE, { path: '/' });
  const candidates = [
    ...(touched && attributionStillValid(touched.createdAt, now) ? [{ influencerId: touched.influencerId, clickId: touched.id, touchedAt: touched.createdAt }] : []),
    ...(signUp.typedAffiliateId ? [{ influencerId: signUp.typedAffiliateId, clickId: null, touchedAt: now }] : []),
  ];
  for (const candidate of candidates) {
    const affiliate = await repo.findInfluencer(ctx.db, candidate.influencerId);
    if (!affiliate || !affiliateMayShare(affiliate.status) || (await isAffiliateThemself(ctx, request, affiliate, signUp.email))) continue;
    await repo.insertAttribution(ctx.db, { learnerId: signUp.learnerId, influencerId: candidate.influencerId, clickId: candidate.clickId, touchedAt: candidate.touchedAt, createdAt: now });
    return;
  }
}

// ---- Commission marks (inside the payer's transaction; affiliate-commission.ts does the rest) ----

/** The job that credits and reverses commission lines (affiliate-commission.ts). */
export const AFFILIATE_COMMISSION_JOB = 'affiliate-commission';

/** Inside the payer's transaction, after delivery: a pending line when an affiliate brought the payer. */
export async function markAffiliateCommission(tx: Db, payment: { learnerId: string; paymentId: string; paid: Money; paidAt: Date }): Promise<boolean> {
  return repo.insertPendingCommission(tx, payment);
}

/** Inside the refund's transaction: the payment's refunded total, for the job to take back its share. */
export async function markAffiliateRefund(tx: Db, paymentId: string, refundedTotalMinor: number): Promise<boolean> {
  return repo.markRefunded(tx, paymentId, refundedTotalMinor);
}

export async function queueAffiliateCommission(ctx: AppContext, paymentId: string): Promise<void> {
  await ctx.jobs.send(AFFILIATE_COMMISSION_JOB, { paymentId });
}

// ---- What the affiliate sees ----------------------------------------------------------------------

/** The first instant of `date` in `timeZone`. */
const startOfDay = (date: string, timeZone: string) => zonedWallTimeToInstant(date, 0, timeZone);

export async function affiliateDashboard(ctx: AppContext, userId: string): Promise<AffiliateDashboard> {
  const influencer = await influencerOf(ctx, userId);
  const now = ctx.now();
  const monthStart = startOfDay(`${isoDateInZone(now, influencer.timezone).slice(0, 7)}-01`, influencer.timezone);
  const [currency, clicks, signUps, payingLearners, earnings, balance, paidOut] = await Promise.all([
    earningsCurrency(ctx, influencer),
    repo.countClicks(ctx.db, userId),
    repo.countSignUps(ctx.db, userId),
    repo.countPayingLearners(ctx.db, userId),
    repo.netEarnings(ctx.db, userId, monthStart),
    repo.findBalance(ctx.db, userId),
    repo.paidOutMinor(ctx.db, userId),
  ]);
  const money = (amountMinor: number) => ({ amountMinor, currency });
  return {
    status: influencer.status,
    clicks,
    signUps,
    payingLearners,
    signUpConversionPercent: conversionPercent(signUps, clicks),
    payingConversionPercent: conversionPercent(payingLearners, signUps),
    earningsThisMonth: money(earnings.sinceThen),
    earningsAllTime: money(earnings.allTime),
    available: money(balance?.balanceMinor ?? 0),
    paidOut: money(paidOut),
    payoutMinimum: money(AFFILIATE_PAYOUT_MINIMUM_MINOR[currency]),
  };
}

/** dashboardV2: the same events per day over the last `days` days, in the affiliate's timezone. */
export async function affiliateSeries(ctx: AppContext, userId: string, days: number): Promise<AffiliateSeries> {
  const influencer = await influencerOf(ctx, userId);
  const timeZone = influencer.timezone;
  const today = isoDateInZone(ctx.now(), timeZone);
  const firstDay = addDaysToIsoDate(today, -(days - 1));
  const from = startOfDay(firstDay, timeZone);
  const [currency, clicks, signUps, firstPayments, earnings] = await Promise.all([
    earningsCurrency(ctx, influencer),
    repo.clicksPerDay(ctx.db, userId, from, timeZone),
    repo.signUpsPerDay(ctx.db, userId, from, timeZone),
    repo.firstPaymentsPerDay(ctx.db, userId, from, timeZone),
    repo.earningsPerDay(ctx.db, userId, from, timeZone),
  ]);
  const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
  const [c, s, f, e] = [byDay(clicks), byDay(signUps), byDay(firstPayments), byDay(earnings)];
  const points = Array.from({ length: days }, (_, i) => {
    const day = addDaysToIsoDate(firstDay, i);
    return { day, clicks: c.get(day) ?? 0, signUps: s.get(day) ?? 0, firstPayments: f.get(day) ?? 0, earningsMinor: e.get(day) ?? 0 };
  });
  return { days, timeZone, currency, points };
}

/** Every commission line, with the learner masked (the affiliate never learns who paid). */
export async function affiliateEarnings(ctx: AppContext, userId: string, page: { page: number; limit: number }): Promise<AffiliateEarnings> {
  const influencer = await influencerOf(ctx, userId);
  const [{ rows, total }, currency] = await Promise.all([repo.listCommissions(ctx.db, userId, page), earningsCurrency(ctx, influencer)]);
  const items = rows.map((row) => ({
    id: row.id,
    learner: maskLearnerName(row.learnerName),
    paidAt: row.paidAt.toISOString(),
    payment: { amountMinor: row.paidMinor, currency: row.paidCurrency },
    commission: row.currency && row.amountMinor !== null ? { amountMinor: row.amountMinor, currency: row.currency } : null,
    reversed: row.currency && row.reversedMinor > 0 ? { amountMinor: row.reversedMinor, currency: row.currency } : null,
    status: commissionStatus({ credited: row.creditedAt !== null, amountMinor: row.amountMinor ?? 0, reversedMinor: row.reversedMinor }),
  }));
  return { items, total, page: page.page, limit: page.limit, capPerLearner: { amountMinor: AFFILIATE_COMMISSION_CAP_MINOR[currency], currency } };
}
