import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (the clock stays out of the domain rules). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
