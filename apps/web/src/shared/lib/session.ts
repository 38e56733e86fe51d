import { logInFormPathByRole, loginPathByRole, type Role } from '@parley/domain/roles';
import type { UserRecord } from '@parley/domain/user';
import { getItem, removeItem, setItem, type StorageKey } from './storage';

// Which local-storage keys hold each role's session. The creator
// shares TOKEN/USER with the learner, as in the spec; the kid session is opened by its parent.
const tokenKeyByRole = {
  learner: 'TOKEN',
  creator: 'TOKEN',
  kid: 'KID_TOKEN',
  peer: 'PEER_TOKEN',
  teacher: 'TEACHER_TOKEN',
  influencer: 'INFLUENCER_TOKEN',
  moderator: 'MODERATOR_TOKEN',
} as const satisfies Record<Role, StorageKey>;

/** Everything that dies with the role's session (a parent's logout also ends the kid session). */
const clearedKeysByRole: Record<Role, readonly StorageKey[]> = {
  learner: ['TOKEN', 'USER', 'KID_TOKEN', 'KID', 'CHILDREN', 'TEMP_TOKEN', 'TEMP_KID', 'TEMP_KID_TOKEN'],
  creator: ['TOKEN', 'USER'],
  kid: ['KID_TOKEN', 'KID'],
  peer: ['PEER_TOKEN'],
  teacher: ['TEACHER_TOKEN'],
  influencer: ['INFLUENCER_TOKEN', 'INFLUENCER'],
  moderator: ['MODERATOR_TOKEN', 'MODERATOR'],
};

/** Set while this tab logs out: the server then closes the sign-in's sockets, which is no news here. */
let loggingOut = 0;

/** Runs a logout; meanwhile (and until its keys are cleared) a socket closed by the server is expected. */
export async function whileLoggingOut<T>(work: () => Promise<T>): Promise<T> {
  loggingOut += 1;
  try {
    return await work();
  } finally {
    loggingOut -= 1;
  }
}

/** Whether a sign-in ended elsewhere is news: the role is still signed in here, and this tab is not logging out. */
export function endedElsewhere(role: Role): boolean {
  return loggingOut === 0 && hasSession(role);
}

export function tokenKeyFor(role: Role): StorageKey {
  return tokenKeyByRole[role];
}

export function hasSession(role: Role): boolean {
  return getItem(tokenKeyByRole[role]) !== null;
}

/** Whether any role is signed in on this browser. */
export function hasAnySession(): boolean {
  return Object.values(tokenKeyByRole).some((key) => getItem(key) !== null);
}

/** Keeps a fresh sign-in: the handle under the role's token key and the record beside it. */
export function saveSession(role: Role, handle: string, user: UserRecord): void {
  setItem(tokenKeyByRole[role], handle);
  if (role === 'influencer') setItem('INFLUENCER', user);
  else if (role === 'moderator') setItem('MODERATOR', user);
  else if (role === 'learner' || role === 'creator') setItem('USER', user);
  // A peer-only user has no learner record; don't overwrite a learner's USER with the peer one.
  else if (role === 'peer' && getItem('TOKEN') === null) setItem('USER', user);
}

export function clearSession(role: Role): void {
  for (const key of clearedKeysByRole[role]) removeItem(key);
  if (role === 'peer' && getItem('TOKEN') === null) removeItem('USER');
}

/** Where a visitor to a role's page is sent to sign in (a peer page: the peer page's sign-up form, spec §6). */
export function loginPathFor(role: Role): string {
  if (role === 'kid') return getItem('TOKEN') ? '/kids/accounts?type=switch-kids' : '/login';
  return loginPathByRole[role];
}

/** Where a role signs in again after a logout or a session that ended: its log-in form. */
export function signInAgainPath(role: Role): string {
  return role === 'kid' ? loginPathFor(role) : logInFormPathByRole[role];
}
