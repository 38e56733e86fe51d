import { useEffect, useState } from 'react';

/** True while the window is scrolled more than `thresholdPx` from the top. */
export function useScrolledPast(thresholdPx: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > thresholdPx);
  useEffect(() => {
    const update = () => setPast(window.scrollY > thresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return past;
}
