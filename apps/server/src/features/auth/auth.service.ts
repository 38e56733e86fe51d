import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { avatarPath } from '@parley/domain/avatar';
import type { AffiliateSignup, LoginLinkPayload, LoginPayload, SignupPayload } from '@parley/domain/auth';
import { messages } from '@parley/domain/messages';
import {
  PASSWORD_RESET_MAILS_PER_HOUR,
  PASSWORD_RESET_TTL_MIN,
  passwordChangedMailText,
  passwordResetMailText,
  passwordTexts,
  type PasswordChangePayload,
  type PasswordResetPayload,
  type PasswordResetRequestPayload,
} from '@parley/domain/password-reset';
import { normalizedEmail } from '@parley/domain/referral';
import { passwordRoles, wrongLoginPageMessage, type PasswordRole, type Role } from '@parley/domain/roles';
import type { ActiveSubscription, UserRecord } from '@parley/domain/user';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import { cookieName, SESSION_TTL_MS } from '../../http/auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { attributeSignUp, findSharingAffiliateByCode, influencerRecord, openAffiliateApplication, refuseSelfAttribution } from '../affiliate/affiliate.service';
import { queueMail, sendAfterCommit, sendQueuedMail, type AfterCommitLog } from '../mail/mail.service';
import { influencerStatusReason } from '../moderation/moderation.service';
import { recordReferral } from '../referral/referral.service';
import { activeSubscriptions } from '../subscriptions/subscriptions.service';
import * as repo from './auth.repository';

/** Failed logins allowed per account per window before the account is throttled. */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 10;
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

export async function signUp(ctx: AppContext, reply: FastifyReply, input: SignupPayload, role: 'learner' | 'peer') {
  if (await repo.findUserByEmail(ctx.db, role, input.email)) {
    throw emailTaken();
  }
  // A code is a learner's (Refer & Earn) or an affiliate's; an affiliate's is an attribution, not a referral.
  const affiliate = input.referralCode ? await findSharingAffiliateByCode(ctx, input.referralCode) : undefined;
  const referrer = input.referralCode && !affiliate ? await repo.findUserByReferralCode(ctx.db, input.referralCode) : undefined;
  if (input.referralCode && !referrer && !affiliate) {
    throw new AppError('VALIDATION_FAILED', 'This referral code is not valid.', { referralCode: 'Not an active referral code' });
  }
  const ownCode = referrer ? await isSamePerson(ctx, reply, referrer, input.email) : affiliate ? await refuseSelfAttribution(ctx, reply.request, affiliate.id, input.email) : false;
  if (ownCode) {
    throw new AppError('VALIDATION_FAILED', 'You can’t use your own referral code.', { referralCode: 'Your own code' });
  }
  const user = await insertUniqueUser(ctx.db, {
    role,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    name: input.name,
    country: input.country,
    timezone: input.timezone,
    isPeerActive: role === 'peer',
    referralCode: newReferralCode(),
    referredBy: referrer?.id ?? null,
  });
  if (referrer) await recordReferral(ctx.db, { referrerId: referrer.id, referredId: user.id });
  // Peers pay too, so an affiliate's link or code brings them as it brings learners. One programme
  // per newcomer: a learner's code typed at sign-up (Refer & Earn) wins over an affiliate's earlier link.
  if (!referrer) await attributeSignUp(ctx, reply.request, reply, { learnerId: user.id, email: input.email, typedAffiliateId: affiliate?.id });
  const session = await startSession(ctx, reply, user);
  return { user: await loadUserRecord(ctx.db, user.id, ctx.now()), session };
}

/**
 * /affiliate/apply: an affiliate partner's account, signed in at once. It waits as Pending, which
 * its dashboard says, until a moderator approves it; its code and link are shared only then.
 */
export async function signUpAffiliate(ctx: AppContext, reply: FastifyReply, input: AffiliateSignup) {
  if (await repo.findUserByEmail(ctx.db, 'influencer', input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const referralCode = newReferralCode();
  const user = await ctx.db.transaction(async (tx) => {
    const row = await insertUniqueUser(tx, { role: 'influencer', email: input.email, passwordHash, name: input.name, country: input.country, timezone: input.timezone, referralCode });
    await openAffiliateApplication(tx, { userId: row.id, referralCode, channel: input.channel, audience: input.audience });
    return row;
  });
  const session = await startSession(ctx, reply, user);
  return { user: await loadUserRecord(ctx.db, user.id, ctx.now()), session };
}

/** Said at the e-mail field too, so the form marks it and moves focus there. */
const emailTaken = () => new AppError('EMAIL_TAKEN', 'An account with this email already exists. Please log in.', { email: 'This email already has an account' });

/** Self-referral: the same inbox, or a device the referrer has signed in on. */
async function isSamePerson(ctx: AppContext, reply: FastifyReply, referrer: { id: string; email: string | null }, email: string) {
  if (referrer.email && normalizedEmail(referrer.email) === normalizedEmail(email)) return true;
  const deviceId = deviceIdOf(reply);
  return deviceId !== undefined && (await repo.userUsedDevice(ctx.db, referrer.id, deviceId));
}

async function insertUniqueUser(db: Db, user: repo.NewUser) {
  try {
    return await repo.insertUser(db, user);
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
    throw error;
  }
}

/** The count of failed logins an account keeps (anywhere but on its owner's devices). */
const loginLimitKey = (role: PasswordRole, email: string) => `${role}:${email.toLowerCase()}`;

export async function logIn(ctx: AppContext, reply: FastifyReply, input: LoginPayload) {
  const user = await repo.findUserByEmail(ctx.db, input.role, input.email);
  // Anyone can send wrong passwords for an account: a device the account has signed in on before
  // keeps its own count, so those failures cannot lock the owner out of their own device.
  const deviceId = deviceIdOf(reply);
  const knownDevice = user !== undefined && deviceId !== undefined && (await repo.isOwnersDevice(ctx.db, user.id, deviceId));
  const accountKey = knownDevice ? `${loginLimitKey(input.role, input.email)}:${deviceId}` : loginLimitKey(input.role, input.email);
  // The try is counted before the password is checked, so guesses sent at once cannot all read a
  // count under the limit; a success clears it.
  if ((await ctx.loginThrottle.hit(accountKey)) > MAX_FAILED_LOGINS_PER_ACCOUNT) {
    throw new AppError('RATE_LIMITED', 'Too many failed attempts for this account. Please try again in 15 minutes.');
  }
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !valid) {
    const area = await areaOpenedElsewhere(ctx, input);
    if (area) throw new AppError('WRONG_LOGIN_PAGE', wrongLoginPageMessage(area), { area });
    throw new AppError('INVALID_CREDENTIALS', 'Email or password is incorrect.');
  }
  await ctx.loginThrottle.reset(accountKey);
  const session = await startSession(ctx, reply, user);
  return { user: await loadUserRecord(ctx.db, user.id, ctx.now()), session };
}

/**
 * The area whose account this e-mail and password open, when it is not the one asked for (a peer
 * at the learners' login), so the person is sent there instead of told their password is wrong.
 * Only the right password says so. Each try counts against that account as well, so no login page
 * guesses another area's password past its limit.
 */
async function areaOpenedElsewhere(ctx: AppContext, input: LoginPayload): Promise<PasswordRole | null> {
  for (const other of await repo.findOtherPasswordAccounts(ctx.db, input.role, input.email)) {
    const role = passwordRoles.find((r) => r === other.role);
    if (!role || !other.passwordHash) continue;
    const key = loginLimitKey(role, input.email);
    if ((await ctx.loginThrottle.hit(key)) > MAX_FAILED_LOGINS_PER_ACCOUNT) continue;
    if (!(await verifyPassword(other.passwordHash, input.password))) continue;
    await ctx.loginThrottle.reset(key);
    return role;
  }
  return null;
}

export async function logOut(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, role: Role) {
  const token = request.cookies[cookieName(role)];
  const claims = token ? await ctx.tokens.verify(token) : null;
  if (claims) await endSessions(ctx, await repo.revokeSessionAndOpened(ctx.db, claims.sid, ctx.now()));
  clearSessionCookie(reply, role);
}

/** Revoked sessions stop everywhere at once: every node's cache forgets them and their sockets close. */
async function endSessions(ctx: AppContext, sessionIds: string[]) {
  for (const sid of sessionIds) {
    await ctx.sessionCache.invalidate(sid);
    ctx.realtime.disconnectSession(sid);
  }
}

/**
 * Issues a single-use login link for a learner, valid for 15 minutes, and
 * leaves an audit record of who minted it for whom in the same transaction.
 */
export async function issueLoginLink(ctx: AppContext, moderatorId: string, learnerId: string) {
  const user = await repo.findUserById(ctx.db, learnerId);
  if (user?.role !== 'learner') throw notFound('Learner not found');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + LOGIN_LINK_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    // One working link per learner: the new one ends any not used yet (the learner's row is locked,
    // so links asked for at once replace one another in turn).
    await repo.lockUser(tx, learnerId);
    await repo.expireUnusedLoginLinks(tx, learnerId, ctx.now());
    const linkId = await repo.insertLoginLink(tx, { userId: learnerId, tokenHash: sha256(token), expiresAt });
    await repo.insertModeratorAction(tx, { moderatorId, action: 'login_link.issued', targetUserId: learnerId, loginLinkId: linkId });
  });
  const url = new URL('/login', ctx.config.publicUrl);
  url.searchParams.set('learnerId', learnerId);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}

export async function redeemLoginLink(ctx: AppContext, reply: FastifyReply, input: LoginLinkPayload) {
  const used = await repo.consumeLoginLink(ctx.db, sha256(input.token), input.learnerId, ctx.now());
  if (!used) throw new AppError('LOGIN_LINK_INVALID', messages.authLessLoginFailed);
  const session = await startSession(ctx, reply, { id: used.userId, role: 'learner' });
  return { user: await loadUserRecord(ctx.db, used.userId, ctx.now()), session };
}

export async function resolveSession(ctx: AppContext, claims: { sid: string; sub: string; role: Role }) {
  const live = await ctx.sessionCache.get(claims.sid);
  if (!live || live.userId !== claims.sub || live.role !== claims.role) return null;
  return live;
}

// ---- Forgotten and changed passwords ------------------------------------------------------------

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends a reset link to the account of that role and e-mail, if there is one with a password and
 * it was sent fewer than PASSWORD_RESET_MAILS_PER_HOUR this hour. The answer is the same either
 * way, so the form tells nobody which e-mails have accounts. The mail is queued with the link's
 * record in one transaction (the user's row locked, so the hourly count holds under parallel
 * asks) and handed to the mail job after the commit.
 */
export async function requestPasswordReset(ctx: AppContext, input: PasswordResetRequestPayload, log: { error(details: object, message: string): void }) {
  const user = await repo.findUserByEmail(ctx.db, input.role, input.email);
  if (user?.passwordHash && user.email) {
    const now = ctx.now();
    const token = randomBytes(32).toString('base64url');
    const link = new URL('/reset-password', ctx.config.publicUrl);
    link.searchParams.set('token', token);
    // Another area's link says which, so a dead one asks again for that area's account.
    if (input.role !== 'learner') link.searchParams.set('role', input.role);
    const mailId = await ctx.db.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      if ((await repo.countPasswordResetsSince(tx, user.id, new Date(now.getTime() - HOUR_MS))) >= PASSWORD_RESET_MAILS_PER_HOUR) return null;
      await repo.insertPasswordReset(tx, { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MIN * 60_000), createdAt: now });
      return queueMail(tx, { to: user.email!, subject: passwordTexts.mailSubject, text: passwordResetMailText(user.name, link.toString()), topic: 'password-reset' });
    });
    if (mailId) await sendQueuedMail(ctx, mailId).catch((error: unknown) => log.error({ err: error, outboxId: mailId }, 'could not queue a reset e-mail; it is sent at the next start'));
  }
  return { message: passwordTexts.resetRequested };
}

/** Whether the link's page should offer the form: a used or expired link says so before anything is typed. */
export async function checkPasswordReset(ctx: AppContext, token: string) {
  return { valid: await repo.isPasswordResetLive(ctx.db, sha256(token), ctx.now()) };
}

/**
 * Uses a reset link once: the account gets the new password and every sign-in it had ends (a
 * reset is what someone does whose password may be known to another). The device the link was
 * opened on stays the owner's for the login limit, so guesses sent from elsewhere cannot lock the
 * owner out of it right after the reset; and the account's count of failed logins starts again
 * (they were guesses at the old password), so a browser that never signed in gets in too.
 */
export async function resetPassword(ctx: AppContext, reply: FastifyReply, input: PasswordResetPayload, log: AfterCommitLog) {
  const passwordHash = await hashPassword(input.password);
  const ended = await ctx.db.transaction(async (tx) => {
    const used = await repo.consumePasswordReset(tx, sha256(input.token), ctx.now());
    if (!used) return null;
    await repo.lockUser(tx, used.userId);
    await repo.setPasswordHash(tx, used.userId, passwordHash, ctx.now());
    const owner = await repo.findUserById(tx, used.userId);
    const role = passwordRoles.find((r) => r === owner?.role);
    // Links are sent only to accounts that sign in with a password.
    if (!role) throw new Error('a password reset link belongs to an account without a password role');
    const sessions = await repo.revokeUserSessions(tx, used.userId, ctx.now(), { device: deviceIdOf(reply) });
    return { role, email: owner!.email, sessions, mailId: await queuePasswordChangedMail(ctx, tx, { ...owner!, role }) };
  });
  if (!ended) throw new AppError('VALIDATION_FAILED', passwordTexts.resetLinkInvalid);
  if (ended.email) await ctx.loginThrottle.reset(loginLimitKey(ended.role, ended.email));
  await endSessions(ctx, ended.sessions);
  if (ended.mailId) await sendAfterCommit(ctx, ended.mailId, log);
  return { role: ended.role, email: ended.email, message: passwordTexts.resetDone };
}

/**
 * A signed-in user's new password, given the current one: wrong tries count toward the same
 * per-account limit as logins. Every other sign-in of the account ends; this one stays.
 */
export async function changePassword(ctx: AppContext, auth: { userId: string; role: Role; sessionId: string }, input: PasswordChangePayload, log: AfterCommitLog) {
  const accountKey = `password-change:${auth.userId}`;
  if ((await ctx.loginThrottle.hit(accountKey)) > MAX_FAILED_LOGINS_PER_ACCOUNT) {
    throw new AppError('RATE_LIMITED', 'Too many failed attempts for this account. Please try again in 15 minutes.');
  }
  const row = await repo.findUserById(ctx.db, auth.userId);
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', passwordTexts.wrongCurrentPassword, { currentPassword: passwordTexts.wrongCurrentPassword });
  }
  await ctx.loginThrottle.reset(accountKey);
  if (await verifyPassword(row.passwordHash, input.newPassword)) {
    throw new AppError('VALIDATION_FAILED', passwordTexts.samePassword, { newPassword: passwordTexts.samePassword });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const { ended, mailId } = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, auth.userId);
    await repo.setPasswordHash(tx, auth.userId, passwordHash, ctx.now());
    const role = passwordRoles.find((r) => r === row.role);
    return {
      ended: await repo.revokeUserSessions(tx, auth.userId, ctx.now(), { session: auth.sessionId }),
      mailId: role ? await queuePasswordChangedMail(ctx, tx, { ...row, role }) : null,
    };
  });
  await endSessions(ctx, ended);
  if (mailId) await sendAfterCommit(ctx, mailId, log);
  return { ended: ended.length, message: ended.length ? passwordTexts.changed : passwordTexts.changedSignedInNowhereElse };
}

/**
 * Tells the account's owner their password was changed, with their area's forgot-password page
 * should it not have been them (whoever changed it has signed every other device out).
 */
async function queuePasswordChangedMail(ctx: AppContext, tx: Db, account: { name: string; email: string | null; role: PasswordRole }): Promise<string | null> {
  if (!account.email) return null;
  const forgot = new URL('/forgot-password', ctx.config.publicUrl);
  if (account.role !== 'learner') forgot.searchParams.set('role', account.role);
  return queueMail(tx, { to: account.email, subject: passwordTexts.changedMailSubject, text: passwordChangedMailText(account.name, forgot.toString()), topic: 'password-changed' });
}

/** Ends every sign-in of the account but this one (a lost phone, a shared computer). */
export async function signOutElsewhere(ctx: AppContext, auth: { userId: string; sessionId: string }) {
  const ended = await repo.revokeUserSessions(ctx.db, auth.userId, ctx.now(), { session: auth.sessionId });
  await endSessions(ctx, ended);
  return { ended: ended.length, message: ended.length ? passwordTexts.signedOutElsewhere : passwordTexts.notSignedInElsewhere };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function newReferralCode(): string {
  // 8 characters from an alphabet without look-alikes (0/O, 1/I).
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

/** The user record the web app keeps under USER, with the live subscriptions. */
export async function loadUserRecord(db: Db, userId: string, now: Date): Promise<UserRecord> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw notFound('User not found');
  const record = toUserRecord(row, await activeSubscriptions(db, userId, now));
  // spec §3 Influencer: the affiliate area decides on the status (§4 link copy), so the answer carries it.
  const influencer = row.role === 'influencer' ? await influencerRecord({ db }, userId) : undefined;
  return influencer ? { ...record, ...influencer, statusReason: await influencerStatusReason(db, userId, influencer.status) } : record;
}

/** `subscriptions`: the live plans, newest first; the newest is also `activeSubscription`, as the spec's record has it. */
export function toUserRecord(row: repo.UserRow, subscriptions: ActiveSubscription[]): UserRecord {
  return {
    _id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    dob: row.dob,
    country: row.country,
    timezone: row.timezone,
    avatar: row.avatar ?? avatarPath(row.id),
    isPhoneNumberVerified: row.isPhoneNumberVerified,
    isDemoPayed: row.isDemoPayed,
    isIELTSDemoPayed: row.isIeltsDemoPayed,
    isNewCurriculum: row.isNewCurriculum,
    isMigratedToCurriculum: row.isMigratedToCurriculum,
    isPeerActive: row.isPeerActive,
    ieltsBandGoal: row.ieltsBandGoal,
    ieltsTestDate: row.ieltsTestDate,
    demoSessionBooked: row.demoBookedSubjects.length ? [{ subjects: row.demoBookedSubjects }] : [],
    activeSubscription: subscriptions[0] ?? null,
    activeSubscriptions: subscriptions,
    referralCode: row.referralCode,
    parentId: row.parentId,
  };
}

export type StartedSession = { role: Role; handle: string };

/** A long-lived, random per-browser id: it tells that two accounts were used on one device. */
export const DEVICE_COOKIE = 'parley_device';
const DEVICE_COOKIE_MS = 400 * 24 * 60 * 60 * 1000;
const deviceIdPattern = /^[0-9a-f-]{36}$/;

/** The browser's device id, set on its first sign-in. */
function deviceIdOf(reply: FastifyReply): string | undefined {
  const value = reply.request.cookies[DEVICE_COOKIE];
  return value && deviceIdPattern.test(value) ? value : undefined;
}

/**
 * Opens a server-side session for a user acting in `role` and hands its signed token to the
 * browser in that role's httpOnly cookie. The handle returned is the session id: it names the
 * session for the web app's local-storage keys but cannot act on its own. A kid session names
 * the parent's session that opened it, so the parent's logout ends it too.
 */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  user: { id: string; role: Role },
  options: { openedBy?: string } = {},
): Promise<StartedSession> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const cookie = { httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies, path: '/' } as const;
  let deviceId = deviceIdOf(reply);
  if (!deviceId) {
    deviceId = randomUUID();
    reply.setCookie(DEVICE_COOKIE, deviceId, { ...cookie, expires: new Date(now.getTime() + DEVICE_COOKIE_MS) });
  }
  const sid = await repo.insertSession(ctx.db, { userId: user.id, role: user.role, expiresAt, deviceId, openedBy: options.openedBy ?? null });
  const token = await ctx.tokens.sign({ sid, sub: user.id, role: user.role }, expiresAt);
  reply.setCookie(cookieName(user.role), token, { ...cookie, expires: expiresAt });
  return { role: user.role, handle: sid };
}

function clearSessionCookie(reply: FastifyReply, role: Role): void {
  reply.clearCookie(cookieName(role), { path: '/' });
}

/** The live session behind an id, for the session cache to load. */
export const findLiveSession = (db: Db, sessionId: string, now: Date) => repo.findLiveSession(db, sessionId, now);
