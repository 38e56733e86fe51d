import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { PEER_SLOT_JOIN_OPENS_BEFORE_MIN } from '@parley/domain/peer-slots';
import { usePeerSlotClock } from './peer-time';

const START = Date.parse('2030-03-12T10:00:00.000Z');
const END = START + 30 * 60_000;
const OPENS = START - PEER_SLOT_JOIN_OPENS_BEFORE_MIN * 60_000;

describe('usePeerSlotClock', () => {
  afterEach(() => vi.useRealTimers());

  it('looks at the clock at the instants Join opens, the time starts (Cancel goes) and it ends', () => {
    vi.useFakeTimers();
    vi.setSystemTime(OPENS - 1_234);
    const slots = [{ startAt: new Date(START).toISOString(), endAt: new Date(END).toISOString() }];
    const { result } = renderHook(() => usePeerSlotClock(slots));
    act(() => vi.advanceTimersByTime(1_234));
    expect(result.current.getTime()).toBe(OPENS);
    // (Each step in two acts: React sets the next timer when an act ends.)
    act(() => vi.advanceTimersByTime(START - OPENS - 1));
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.getTime()).toBe(START);
    act(() => vi.advanceTimersByTime(END - START - 1));
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.getTime()).toBe(END);
  });
});
