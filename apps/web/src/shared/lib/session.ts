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

/**
 * Whether the role is signed in on this browser. TOKEN is the learner's or the creator's, whoever
 * signed in last (the spec gives both the one key): USER, saved beside it, says whose.
 */
export function hasSession(role: Role): boolean {
  const key = tokenKeyByRole[role];
  if (getItem(key) === null) return false;
  if (key !== 'TOKEN') return true;
  return (getItem('USER')?.role === 'creator') === (role === 'creator');
}

/** Whether any role is signed in on this browser. */
export function hasAnySession(): boolean {
  return Object.values(tokenKeyByRole).some((key) => getItem(key) !== null);
}

/** The other role signed in under the TOKEN this role would take (learner and creator share it), if any. */
export function signedInSharer(role: Role): 'learner' | 'creator' | null {
  const other = role === 'creator' ? 'learner' : role === 'learner' ? 'creator' : null;
  return other && hasSession(other) ? other : null;
}

/** Keeps a fresh sign-in: the handle under the role's token key and the record beside it. */
export function saveSession(role: Role, handle: string, user: UserRecord): void {
  // A creator signing in where a learner was (or the other way) ends that sign-in whole: its kid too.
  const sharer = signedInSharer(role);
  if (sharer) clearSession(sharer);
  setItem(tokenKeyByRole[role], handle);
  if (role === 'influencer') setItem('INFLUENCER', user);
  else if (role === 'moderator') setItem('MODERATOR', user);
  else if (role === 'learner' || role === 'creator') setItem('USER', user);
  // A peer-only user has no learner record; don't overwrite a learner's USER with the peer one.
  else if (role === 'peer' && getItem('TOKEN') === null) setItem('USER', user);
}

export function clearSession(role: Role): void {
  // The shared TOKEN and USER stay when they are the other role's (its sign-in came later).
  const shared = (key: StorageKey) => key === 'TOKEN' || key === 'USER';
  const holdsShared = hasSession(role);
  for (const key of clearedKeysByRole[role]) if (holdsShared || !shared(key)) removeItem(key);
  if (role === 'peer' && getItem('TOKEN') === null) removeItem('USER');
}

/** Where a visitor to a role's page is sent to sign in (a peer page: the peer page's sign-up form, spec §6). */
export function loginPathFor(role: Role): string {
  if (role === 'kid') return hasSession('learner') ? '/kids/accounts?type=switch-kids' : '/login';
  return loginPathByRole[role];
}

/** Where a role signs in again after a logout or a session that ended: its log-in form. */
export function signInAgainPath(role: Role): string {
  return role === 'kid' ? loginPathFor(role) : logInFormPathByRole[role];
}
