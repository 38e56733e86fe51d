import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

const T0 = new Date('2030-03-12T10:00:00.000Z').getTime();

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('looks at the clock again every interval', () => {
    const { result } = renderHook(() => useNow(15_000));
    expect(result.current.getTime()).toBe(T0);
    act(() => vi.advanceTimersByTime(14_999));
    expect(result.current.getTime()).toBe(T0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.getTime()).toBe(T0 + 15_000);
  });

  it('looks again at the instant the screen changes, not up to a tick later', () => {
    const { result } = renderHook(() => useNow(15_000, [T0 + 4_321]));
    act(() => vi.advanceTimersByTime(4_320));
    expect(result.current.getTime()).toBe(T0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.getTime()).toBe(T0 + 4_321);
  });

  it('reaches a change more than a tick away tick by tick, then on the instant', () => {
    const { result } = renderHook(() => useNow(15_000, [T0 + 40_007]));
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.getTime()).toBe(T0 + 30_000);
    act(() => vi.advanceTimersByTime(10_007));
    expect(result.current.getTime()).toBe(T0 + 40_007);
  });

  it('wakes at each of the changes in turn, whatever their order', () => {
    const changes = [T0 + 3_500, T0 + 1_000];
    const { result } = renderHook(() => useNow(60_000, changes));
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.getTime()).toBe(T0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.getTime()).toBe(T0 + 1_000);
    act(() => vi.advanceTimersByTime(2_500));
    expect(result.current.getTime()).toBe(T0 + 3_500);
  });

  it('takes changes that come with new data', () => {
    let changes: number[] = [];
    const { result, rerender } = renderHook(() => useNow(60_000, changes));
    changes = [T0 + 2_000];
    rerender();
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current.getTime()).toBe(T0 + 2_000);
  });

  it('does not wake for a change already shown', () => {
    const { result } = renderHook(() => useNow(15_000, [T0 - 1, T0]));
    act(() => vi.advanceTimersByTime(14_999));
    expect(result.current.getTime()).toBe(T0);
  });
});
