import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';
import { letter } from './mail';
import { passwordRoles } from './roles';
import { singleLineText } from './text';

// Forgotten and changed passwords (the spec shows neither; every account that signs in with a
// password needs both). A reset link goes to the account's e-mail and works once, for an hour;
// using it, or changing the password, signs the account out everywhere else.

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MIN = 60;
/** Reset e-mails one account is sent per hour, so nobody can fill an inbox with them. */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;

export const passwordResetRequestPayload = z.object({ role: z.enum(passwordRoles), email: emailSchema });
export type PasswordResetRequestPayload = z.infer<typeof passwordResetRequestPayload>;

export const passwordResetPayload = z.object({ token: singleLineText(200).min(20), password: passwordSchema });
export type PasswordResetPayload = z.infer<typeof passwordResetPayload>;

/** POST /api/auth/password-reset/check: whether a link can still be used, asked as its page opens. */
export const passwordResetCheckPayload = passwordResetPayload.pick({ token: true });
export const passwordResetCheck = z.object({ valid: z.boolean() });

export const passwordChangePayload = z.object({
  currentPassword: z.string().min(1, { message: 'Enter your current password' }).max(128),
  newPassword: passwordSchema,
});
export type PasswordChangePayload = z.infer<typeof passwordChangePayload>;

/** A reset's answer: where to sign in with the new password, and the account's e-mail, so the log-in form it opens has the e-mail in it. */
export const passwordResetDone = z.object({ role: z.enum(passwordRoles), email: z.string().nullable(), message: z.string() });
/** A change's (or a sign-out elsewhere's) answer: how many other sign-ins it ended. */
export const otherSessionsEnded = z.object({ ended: z.number().int(), message: z.string() });

export const passwordTexts = {
  resetRequested: `If an account uses that email, we have sent it a link to choose a new password. The link works for ${PASSWORD_RESET_TTL_MIN} minutes.`,
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetDone: 'Your password is changed. Log in with the new one.',
  wrongCurrentPassword: 'Your current password is not right.',
  samePassword: 'Choose a password different from the current one.',
  changed: 'Your password is changed. You are signed out everywhere else.',
  changedSignedInNowhereElse: 'Your password is changed.',
  signedOutElsewhere: 'You are signed out everywhere else.',
  notSignedInElsewhere: 'You were not signed in anywhere else.',
  mailSubject: 'Choose a new Parley password',
  changedMailSubject: 'Your Parley password was changed',
} as const;

/** The e-mail's body: the link, how long it works, and what to do if it was not asked for. */
export function passwordResetMailText(name: string, link: string): string {
  return letter(name, [
    'Someone asked to reset the password of your Parley account. To choose a new one, open this link:',
    link,
    '',
    `It works once, for ${PASSWORD_RESET_TTL_MIN} minutes. Choosing a new password signs you out on every device.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ]);
}

/**
 * The e-mail after a password was changed (by a reset link or on the account page): the owner
 * hears of it, and someone who did not change it has the way to a new one.
 */
export function passwordChangedMailText(name: string, forgotLink: string): string {
  return letter(name, [
    'The password of your Parley account was just changed, and every other device it was signed in on was signed out.',
    'If that was you, there is nothing more to do.',
    'If it was not, choose a new password now: this page mails a link to this address.',
    forgotLink,
  ]);
}
