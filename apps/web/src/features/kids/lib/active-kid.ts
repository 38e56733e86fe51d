import { useMemo, useSyncExternalStore } from 'react';
import { getItem, removeItem, setItem, type KidProfile } from '../../../shared/lib/storage';

// The active kid (KID_TOKEN and the KID record) as something React can watch: switching kids in the
// top navigation re-renders every kid page at once, and another tab's switch is seen through
// the storage event. Storage stays the one place the value lives.

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'KID' || event.key === 'KID_TOKEN') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// The raw text is the snapshot: it is stable between renders, unlike a freshly parsed object.
const snapshot = () => {
  try {
    return window.localStorage.getItem('KID') ?? '';
  } catch {
    return '';
  }
};

/** Stores the kid session a parent opened (findKidById): KID_TOKEN and KID. */
export function setActiveKid(token: string, kid: KidProfile): void {
  setItem('KID_TOKEN', token);
  setItem('KID', kid);
  emit();
}

/** Keeps KID fresh (a newer record of the same kid, e.g. after a paid demo). */
export function refreshActiveKid(kid: KidProfile): void {
  if (snapshot() === JSON.stringify(kid)) return;
  setItem('KID', kid);
  emit();
}

/** Keeps KID's name and date of birth when the parent edits the active kid (any other kid leaves KID alone). */
export function refreshActiveKidProfile(kid: { _id: string; name: string; dob: string | null }): void {
  const active = getItem('KID');
  if (active?._id === kid._id) refreshActiveKid({ ...active, name: kid.name, dob: kid.dob });
}

/** Forgets the active kid when its profile was removed: its session ended, so kid pages ask for a kid again. */
export function forgetActiveKid(kidId: string): void {
  if (getItem('KID')?._id !== kidId) return;
  removeItem('KID_TOKEN');
  removeItem('KID');
  emit();
}

/** The active kid's stored record, or null; re-renders when it changes. */
export function useActiveKid(): KidProfile | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '');
  return useMemo(() => (raw ? getItem('KID') : null), [raw]);
}
