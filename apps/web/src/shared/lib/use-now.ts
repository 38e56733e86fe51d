import { useEffect, useMemo, useState } from 'react';

const NO_CHANGES: readonly number[] = [];

/**
 * The current time, refreshed every `intervalMs` (the clock stays out of the domain rules), and at
 * each of `changesAt` (epoch ms; keep the array stable, e.g. with useMemo), the instants the screen
 * changes on its own (a Join that opens, a request that expires), so a change shows on time
 * rather than up to a tick later.
 */
export function useNow(intervalMs = 1000, changesAt: readonly number[] = NO_CHANGES): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  useEffect(() => {
    // The first change not yet shown.
    const next = Math.min(...changesAt.filter((at) => at > now.getTime()));
    if (next === Infinity) return;
    const wait = next - Date.now();
    // Further than a tick: a later tick comes back here closer to it.
    if (wait > intervalMs) return;
    // A timer that fires early sets a `now` still before the change, and this effect waits again.
    const id = setTimeout(() => setNow(new Date()), Math.max(0, wait));
    return () => clearTimeout(id);
  }, [now, changesAt, intervalMs]);
  return now;
}

/** How often a list of timed rows (sessions, practice times) looks at the clock for its countdowns. */
const ROWS_CLOCK_TICK_MS = 15_000;

/**
 * The clock a list of timed rows shows: every 15 s for the countdowns, and at the instants a row
 * changes (its Join opens at `joinOpensAt`, it starts and Cancel goes, it ends), so those come on time.
 */
export function useRowsClock(rows: readonly { startAt: string; endAt: string }[] | undefined, joinOpensAt: (startAt: Date) => Date): Date {
  const changes = useMemo(
    () => (rows ?? []).flatMap((row) => [joinOpensAt(new Date(row.startAt)).getTime(), Date.parse(row.startAt), Date.parse(row.endAt)]),
    [rows, joinOpensAt],
  );
  return useNow(ROWS_CLOCK_TICK_MS, changes);
}
