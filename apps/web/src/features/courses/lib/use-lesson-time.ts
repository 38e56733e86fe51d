import { useCallback, useEffect, useRef } from 'react';
import { sendLessonBeat } from '../api/update-lesson-analytics';

/** How often a beat is sent while the lesson is being watched or read. */
export const LESSON_BEAT_INTERVAL_MS = 20_000;

type LessonTimeOptions = {
  courseId: string;
  lessonId: string;
  /** Owners of an open lesson only: a preview for a visitor records nothing. */
  enabled: boolean;
  /** Video lessons count time while playing; text and PDF lessons while the page is visible. */
  countsWhileVisible: boolean;
};

/**
 * Records time spent on one lesson and where its video stands: a beat every 20 s while active,
 * and one on pause, when the tab is hidden, on pagehide and when the lesson closes, each carrying
 * the whole seconds spent since the previous beat.
 */
export function useLessonTime({ courseId, lessonId, enabled, countsWhileVisible }: LessonTimeOptions) {
  const state = useRef({ activeSince: null as number | null, pendingMs: 0, positionSeconds: 0, sentPositionSeconds: 0 });

  const flush = useCallback(() => {
    if (!enabled) return;
    const current = state.current;
    const now = Date.now();
    let spentMs = current.pendingMs;
    if (current.activeSince !== null) {
      spentMs += now - current.activeSince;
      current.activeSince = now;
    }
    const secondsSpent = Math.floor(spentMs / 1000);
    // The part of a second not sent yet waits for the next beat.
    current.pendingMs = spentMs - secondsSpent * 1000;
    const positionSeconds = Math.floor(current.positionSeconds);
    if (secondsSpent === 0 && positionSeconds === current.sentPositionSeconds) return;
    current.sentPositionSeconds = positionSeconds;
    void sendLessonBeat({ courseId, lessonId, positionSeconds, secondsSpent });
  }, [courseId, lessonId, enabled]);

  const setActive = useCallback((active: boolean) => {
    const current = state.current;
    if (active && current.activeSince === null) current.activeSince = Date.now();
    if (!active && current.activeSince !== null) {
      current.pendingMs += Date.now() - current.activeSince;
      current.activeSince = null;
    }
  }, []);

  const setPosition = useCallback((seconds: number) => {
    if (Number.isFinite(seconds) && seconds >= 0) state.current.positionSeconds = seconds;
  }, []);

  useEffect(() => {
    if (!enabled) return;
    if (countsWhileVisible) setActive(document.visibilityState === 'visible');
    const beat = window.setInterval(() => {
      if (state.current.activeSince !== null) flush();
    }, LESSON_BEAT_INTERVAL_MS);
    const onVisibility = () => {
      const visible = document.visibilityState === 'visible';
      if (!visible) flush();
      if (countsWhileVisible) setActive(visible);
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      window.clearInterval(beat);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      // The lesson closes (another lesson, or leaving the player): its last seconds are sent.
      setActive(false);
      flush();
    };
  }, [enabled, countsWhileVisible, flush, setActive]);

  return { flush, setActive, setPosition };
}
