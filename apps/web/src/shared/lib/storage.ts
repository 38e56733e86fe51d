import type { KidSummary } from '@parley/domain/kids';
import type { UserRecord } from '@parley/domain/user';

// The one owner of every local-storage key the app keeps (plus TEACHER_TOKEN and INTENDED_PATH,
// which are ours). Token keys hold a non-secret session handle; the secret is an httpOnly
// cookie.

/** The visitor's timezone and the country it implies. */
export type TimezoneRecord = { timezone: string; country: string };
/** Settings the server sent, kept between visits. */
export type BufferRecord = { trialCharges?: number; internationalTrialCharges?: number };

/** The active kid as findKidById answers it (a learner record, or the kid summary). */
export type KidProfile = UserRecord | KidSummary;

type StorageShape = {
  USER: UserRecord;
  TOKEN: string;
  KID_TOKEN: string;
  TEMP_TOKEN: string;
  PEER_TOKEN: string;
  INFLUENCER: UserRecord;
  INFLUENCER_TOKEN: string;
  MODERATOR: UserRecord;
  MODERATOR_TOKEN: string;
  TIMEZONE: TimezoneRecord;
  BUFFER: BufferRecord;
  VERTICAL: string;
  UTM_PARAMS: Record<string, string>;
  /** CHILDREN: the parent's kid profiles (getKidsByParentId allKids). */
  CHILDREN: KidSummary[];
  /** KID: the active kid's learner record (findKidById learner). */
  KID: KidProfile;
  TEMP_KID: KidProfile;
  TEMP_KID_TOKEN: string;
  TEACHER_TOKEN: string;
  /** Where a guard was sending the user when it redirected to a login page. */
  INTENDED_PATH: string;
};

export type StorageKey = keyof StorageShape;

const stringKeys = new Set<StorageKey>([
  'TOKEN',
  'KID_TOKEN',
  'TEMP_TOKEN',
  'PEER_TOKEN',
  'INFLUENCER_TOKEN',
  'MODERATOR_TOKEN',
  'TEMP_KID_TOKEN',
  'TEACHER_TOKEN',
  'VERTICAL',
  'INTENDED_PATH',
]);

export const storageKeys: readonly StorageKey[] = [
  'USER',
  'TOKEN',
  'KID_TOKEN',
  'TEMP_TOKEN',
  'PEER_TOKEN',
  'INFLUENCER',
  'INFLUENCER_TOKEN',
  'MODERATOR',
  'MODERATOR_TOKEN',
  'TIMEZONE',
  'BUFFER',
  'VERTICAL',
  'UTM_PARAMS',
  'CHILDREN',
  'KID',
  'TEMP_KID',
  'TEMP_KID_TOKEN',
  'TEACHER_TOKEN',
  'INTENDED_PATH',
];

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode); the app then behaves as signed out.
    return null;
  }
}

/** Reads a key; a missing, empty or corrupt value reads as null. */
export function getItem<K extends StorageKey>(key: K): StorageShape[K] | null {
  const raw = store()?.getItem(key) ?? null;
  if (raw === null || raw === '') return null;
  if (stringKeys.has(key)) return raw as StorageShape[K];
  try {
    const value: unknown = JSON.parse(raw);
    return value === null || typeof value !== 'object' ? null : (value as StorageShape[K]);
  } catch {
    return null;
  }
}

export function setItem<K extends StorageKey>(key: K, value: StorageShape[K]): void {
  const raw = stringKeys.has(key) ? String(value) : JSON.stringify(value);
  try {
    store()?.setItem(key, raw);
  } catch {
    // Quota exceeded or storage disabled: nothing else to do.
  }
  changed();
}

export function removeItem(key: StorageKey): void {
  store()?.removeItem(key);
  changed();
}

// Who is told when a key changes: what a page shows from a stored record (the zone times are told
// in) follows a refreshed record without a reload. Another tab's writes arrive as 'storage' events.
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Calls `listener` after any key is written or removed, here or in another tab; returns the unsubscribe. */
export function onStorageChange(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function hasItem(key: StorageKey): boolean {
  return getItem(key) !== null;
}
