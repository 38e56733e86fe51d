import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it. A page renders its text first
 * and only then asks for a form's code (react-hook-form, the schemas), so the text never waits
 * for, or is painted together with, code the visitor needs only when they scroll to the form.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after next: requestAnimationFrame runs before the first paint, its timeout after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
