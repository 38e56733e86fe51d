import { messages } from './messages';

// Dated promotional banners and the countdown widget.

export type Banner = { code: string; title: string; discountPercent: number; endsAt: string /* ISO */ };

/**
 * JUNE30 (30% off plans, ends 2023-06-29) and MEGA30 (30% off, ended 2023-06-28).
 * "Hidden after its end date" read as: shown through the whole end date in India time (the
 * product's home market, UTC+05:30), so `endsAt` is the following midnight IST, exclusive.
 */
export const specBanners: readonly Banner[] = [
  { code: 'JUNE30', title: 'Flash sale: 30% off plans', discountPercent: 30, endsAt: '2023-06-29T18:30:00.000Z' },
  { code: 'MEGA30', title: 'Mega sale: 30% off', discountPercent: 30, endsAt: '2023-06-28T18:30:00.000Z' },
];

/** Each banner is hidden once its end has passed. Unparseable end dates hide the banner. */
export function visibleBanners(banners: readonly Banner[], now: Date): Banner[] {
  return banners.filter((banner) => now.getTime() < Date.parse(banner.endsAt));
}

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number; isOver: boolean };

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;
const SECONDS_PER_DAY = 86_400;

/**
 * Days, hours, minutes and seconds left until `endsAt`. Seconds round up, so the display
 * reads 00:00:01 until the very end and all parts are 0 exactly when isOver.
 */
export function countdownParts(endsAt: Date, now: Date): CountdownParts {
  const remainingMs = endsAt.getTime() - now.getTime();
  // An invalid date counts as over rather than showing NaN.
  const remainingSeconds = Number.isFinite(remainingMs) ? Math.max(0, Math.ceil(remainingMs / MS_PER_SECOND)) : 0;
  return {
    days: Math.floor(remainingSeconds / SECONDS_PER_DAY),
    hours: Math.floor((remainingSeconds % SECONDS_PER_DAY) / SECONDS_PER_HOUR),
    minutes: Math.floor((remainingSeconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE),
    seconds: remainingSeconds % SECONDS_PER_MINUTE,
    isOver: remainingSeconds === 0,
  };
}

export type ExpiryKind = { kind: 'subscription' } | { kind: 'sessions'; count: number };

/** 'Your subscription is expired' or 'Your {n} sessions is expired' (wording as specified). */
export function expiryMessage(expiry: ExpiryKind): string {
  return expiry.kind === 'subscription' ? messages.subscriptionExpired : messages.sessionsExpired(expiry.count);
}
