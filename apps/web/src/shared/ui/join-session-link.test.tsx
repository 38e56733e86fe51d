import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { JoinSessionLink, useSessionClock } from './join-session-link';

const now = new Date(Date.UTC(2030, 2, 12, 4, 0));

function renderLink(startAt: string, endAt: string) {
  renderAt(<JoinSessionLink sessionId="s-1" startAt={startAt} endAt={endAt} timeZone="Asia/Kolkata" now={now} withWhom="Ananya Iyer" />);
}

describe('JoinSessionLink before the window opens', () => {
  it('says the time Join opens, in the viewer’s timezone', () => {
    // 10:00 AM in Kolkata: Join opens at 9:50 AM.
    renderLink('2030-03-12T04:30:00.000Z', '2030-03-12T04:55:00.000Z');
    expect(screen.getByRole('button', { name: 'Join opens at 9:50 AM' })).toBeDisabled();
  });

  it('names the day when Join opens the evening before a class at midnight', () => {
    // Wed 13 Mar, 12:00 AM in Kolkata: Join opens Tuesday at 11:50 PM.
    renderLink('2030-03-12T18:30:00.000Z', '2030-03-12T18:55:00.000Z');
    expect(screen.getByRole('button', { name: 'Join opens Tue at 11:50 PM' })).toBeDisabled();
  });
});

describe('useSessionClock', () => {
  afterEach(() => vi.useRealTimers());

  function Row({ startAt, endAt }: { startAt: string; endAt: string }) {
    const clock = useSessionClock([{ startAt, endAt }]);
    return <JoinSessionLink sessionId="s-1" startAt={startAt} endAt={endAt} timeZone="Asia/Kolkata" now={clock} withWhom="Ananya Iyer" />;
  }

  it('turns Join on at the minute it opens and off at the end, not up to a tick later', () => {
    vi.useFakeTimers();
    // 9:49:53.5 AM in Kolkata; the class is 10:00 to 10:25 AM, so Join opens at 9:50.
    vi.setSystemTime(new Date('2030-03-12T04:19:53.500Z'));
    renderAt(<Row startAt="2030-03-12T04:30:00.000Z" endAt="2030-03-12T04:55:00.000Z" />);
    expect(screen.getByRole('button', { name: 'Join opens at 9:50 AM' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(6_499));
    expect(screen.getByRole('button', { name: 'Join opens at 9:50 AM' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('link', { name: 'Join the session with Ananya Iyer' })).toBeInTheDocument();
    // From 9:50 to the end at 10:25: 35 minutes.
    act(() => vi.advanceTimersByTime(35 * 60_000 - 1));
    expect(screen.getByRole('link', { name: 'Join the session with Ananya Iyer' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Session ended' })).toBeDisabled();
  });
});
