import { createHmac } from 'node:crypto';
import type { Config, IceServer } from '../config';

/** coturn's REST credentials stay valid this long after the call's end (or after now, if later). */
const TURN_CREDENTIAL_GRACE_MS = 60 * 60_000;

/**
 * The configured STUN/TURN servers for one user's call, plus coturn time-limited credentials when
 * its shared secret is set (use-auth-secret): username `<expiry unix seconds>:<user id>`,
 * credential base64(HMAC-SHA1(secret, username)). Used by the classroom and by peer calls.
 */
export function iceServersFor(ice: Config['ice'], userId: string, now: Date, callEndsAt: Date): IceServer[] {
  const { servers, turn } = ice;
  if (!turn) return servers;
  const expiresAtS = Math.floor((Math.max(now.getTime(), callEndsAt.getTime()) + TURN_CREDENTIAL_GRACE_MS) / 1000);
  const username = `${expiresAtS}:${userId}`;
  return [...servers, { urls: turn.urls, username, credential: turnCredential(turn.secret, username) }];
}

export const turnCredential = (secret: string, username: string) => createHmac('sha1', secret).update(username).digest('base64');
