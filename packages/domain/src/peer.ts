import { MS_PER_MINUTE } from './zoned-time';

// Peer practice: the minutes a call costs, and who is matched with whom from the queue of peers
// pressing "Practise now". The server measures a call's duration; these rules price it.

/** A call shorter than this (a connection that never really got going) costs nothing. */
export const PEER_CALL_GRACE_SECONDS = 30;

/**
 * What a call of `durationMs` costs from `availableMinutes`: every started minute (10:01 is 11
 * minutes), nothing under the grace, and never more than was available, so the balance never
 * goes below zero (the call also ends itself then: peerCallDeadline).
 */
export function peerCallCharge({ durationMs, availableMinutes }: { durationMs: number; availableMinutes: number }): { chargedMinutes: number; remainingMinutes: number } {
  if (!(durationMs >= 0) || !Number.isInteger(availableMinutes) || availableMinutes < 0) throw new RangeError('A call lasts 0 ms or more, from a whole number of minutes, 0 or more');
  const started = durationMs < PEER_CALL_GRACE_SECONDS * 1000 ? 0 : Math.ceil(durationMs / MS_PER_MINUTE);
  const chargedMinutes = Math.min(started, availableMinutes);
  return { chargedMinutes, remainingMinutes: availableMinutes - chargedMinutes };
}

/** When a call must end itself: the minutes available at its start are used up. */
export function peerCallDeadline(startedAt: Date, availableMinutes: number): Date {
  return new Date(startedAt.getTime() + availableMinutes * MS_PER_MINUTE);
}

/** Speaking levels, from the sign-up placement (editable in the peer profile), lowest first. */
export const PEER_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type PeerLevel = (typeof PEER_LEVELS)[number];
/** Peers are matched at most this many levels apart. */
export const PEER_MAX_LEVEL_DISTANCE = 1;

export type QueuedPeer = { id: string; level: PeerLevel; firstLanguage: string; joinedAt: number };

/**
 * Pairs the queue, longest-waiting first: each peer takes the best partner still free — the same
 * level before one level apart, then a different first language, then whoever has waited longest
 * — never themselves (a peer queued twice counts once) and never someone either of them reported
 * (`blocked`). Whoever finds nobody keeps waiting: no later peer could have matched them either.
 * Peers are grouped by level and language, so 10,000 are paired in a few milliseconds.
 */
export function matchPeers(queue: readonly QueuedPeer[], options: { blocked?: (a: string, b: string) => boolean } = {}): { pairs: [QueuedPeer, QueuedPeer][]; waiting: QueuedPeer[] } {
  const blocked = options.blocked ?? (() => false);
  // Longest-waiting first; a peer queued twice keeps their earlier place.
  const byId = new Map<string, QueuedPeer>();
  for (const p of [...queue].sort((a, b) => a.joinedAt - b.joinedAt)) if (!byId.has(p.id)) byId.set(p.id, p);
  const inOrder = [...byId.values()];
  // level index → first language → peers in join order, with how many at the front are taken.
  const groups = PEER_LEVELS.map(() => new Map<string, { peers: QueuedPeer[]; start: number }>());
  for (const p of inOrder) {
    const byLanguage = groups[PEER_LEVELS.indexOf(p.level)]!;
    const group = byLanguage.get(p.firstLanguage) ?? { peers: [], start: 0 };
    group.peers.push(p);
    byLanguage.set(p.firstLanguage, group);
  }
  const taken = new Set<string>();
  const pairs: [QueuedPeer, QueuedPeer][] = [];
  const waiting: QueuedPeer[] = [];

  /** The longest-waiting free peer of a group that `p` may meet. */
  const firstFree = (group: { peers: QueuedPeer[]; start: number }, p: QueuedPeer) => {
    while (group.start < group.peers.length && taken.has(group.peers[group.start]!.id)) group.start += 1;
    for (let i = group.start; i < group.peers.length; i += 1) {
      const q = group.peers[i]!;
      if (!taken.has(q.id) && !blocked(p.id, q.id)) return q;
    }
    return undefined;
  };

  for (const p of inOrder) {
    if (taken.has(p.id)) continue;
    taken.add(p.id);
    const level = PEER_LEVELS.indexOf(p.level);
    let best: { q: QueuedPeer; rank: [number, number, number] } | undefined;
    for (let other = level - PEER_MAX_LEVEL_DISTANCE; other <= level + PEER_MAX_LEVEL_DISTANCE; other += 1) {
      for (const [language, group] of groups[other]?.entries() ?? []) {
        const q = firstFree(group, p);
        if (!q) continue;
        const rank: [number, number, number] = [Math.abs(other - level), language === p.firstLanguage ? 1 : 0, q.joinedAt];
        if (isBetter(rank, best?.rank)) best = { q, rank };
      }
    }
    if (!best) {
      waiting.push(p);
      continue;
    }
    taken.add(best.q.id);
    pairs.push([p, best.q]);
  }
  return { pairs, waiting };
}

/** Lower is better, field by field. */
function isBetter(rank: [number, number, number], than: [number, number, number] | undefined): boolean {
  if (!than) return true;
  for (let i = 0; i < rank.length; i += 1) if (rank[i] !== than[i]) return rank[i]! < than[i]!;
  return false;
}
