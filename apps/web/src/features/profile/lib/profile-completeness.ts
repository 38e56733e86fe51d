import type { UserRecord } from '@parley/domain/user';

type ProfileFields = Pick<UserRecord, 'name' | 'phoneNumber' | 'dob' | 'country' | 'isPhoneNumberVerified'>;

export type ProfileGap = 'name' | 'phone' | 'dob' | 'verifiedPhone';

/** What the USER record lacks, in the order the completeness guard checks them. */
export function profileGaps(user: ProfileFields): ProfileGap[] {
  const hasPhone = Boolean(user.phoneNumber?.trim());
  const gaps: ProfileGap[] = [];
  if (!user.name?.trim()) gaps.push('name');
  if (!hasPhone) gaps.push('phone');
  if (!user.dob) gaps.push('dob');
  // In IN the phone must also be verified (a missing phone is already reported above).
  if (user.country === 'IN' && hasPhone && !user.isPhoneNumberVerified) gaps.push('verifiedPhone');
  return gaps;
}

/**
 * Profile completeness guard, reproduced as coded: the guarded content renders when the
 * USER record lacks name, phone or dob (or, in IN, lacks a verified phone); otherwise nothing.
 */
export function needsProfileCompletion(user: ProfileFields): boolean {
  return profileGaps(user).length > 0;
}
