/** The SQLSTATE of a database error, whether the driver or Drizzle wrapped it. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The name of the constraint a database error broke, whether the driver or Drizzle wrapped it. */
export function pgConstraintName(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint) return constraint;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';
export const CHECK_VIOLATION = '23514';
/** A row still references the one being deleted, or references one that is gone. */
export const FOREIGN_KEY_VIOLATION = '23503';
const DEADLOCK_DETECTED = '40P01';

/** How many times in all a transaction PostgreSQL aborted to break a deadlock is run. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a transaction again when PostgreSQL aborted it to break a deadlock: the victim changed
 * nothing, so running it again is safe; it then meets the other side's committed work.
 */
export async function retryingDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (pgErrorCode(error) !== DEADLOCK_DETECTED || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
}

/**
 * Runs a transaction whose insert an exclusion constraint guards. The database refusing an
 * overlap becomes `refusal(constraint)`, told which constraint refused where a table has several. Two such inserts at the same moment can each wait for the other
 * inside the constraint's check (on PostgreSQL, 210 in 48,000 racing inserts of one range), and
 * PostgreSQL aborts one: that one runs again (retryingDeadlocks), meets the other's committed
 * row and is refused, or goes through if the other rolled back.
 */
export function refusingOverlap<T>(refusal: (constraint: string | undefined) => Error, transaction: () => Promise<T>): Promise<T> {
  return retryingDeadlocks(async () => {
    try {
      return await transaction();
    } catch (error) {
      if (pgErrorCode(error) === EXCLUSION_VIOLATION) throw refusal(pgConstraintName(error));
      throw error;
    }
  });
}
