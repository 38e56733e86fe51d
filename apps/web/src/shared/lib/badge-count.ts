/** The most a count badge shows in full; above it the badge reads '99+'. */
export const BADGE_COUNT_MAX = 99;

/**
 * What a count badge shows: the count, or '99+' above 99. A control's name repeats this same text
 * ('Cart, 99+ courses'), so the name contains what the badge shows (WCAG 2.5.3, label in name).
 */
export function badgeCount(count: number): string {
  return count > BADGE_COUNT_MAX ? `${BADGE_COUNT_MAX}+` : String(count);
}
