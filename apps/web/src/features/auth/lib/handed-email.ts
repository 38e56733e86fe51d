/**
 * The e-mail one auth page hands the next in its navigation state (the log-in form to the forgot
 * page, the reset page to the log-in form), so nobody types it twice; '' when none came.
 */
export function handedEmail(state: unknown): string {
  return state !== null && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';
}
