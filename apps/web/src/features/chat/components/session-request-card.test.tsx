import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@parley/domain/chat';
import { sessionRequest } from '../lib/chat-fixtures';
import { SessionRequestCard, useRequestClock } from './session-request-card';

const start = '2026-03-11T10:00:00.000Z';
const before = (minutes: number) => new Date(new Date(start).getTime() - minutes * 60_000);

describe('SessionRequestCard', () => {
  it('shows date, time, subject, topic and message in the viewer timezone', () => {
    const message = { ...sessionRequest(1, start), topic: { id: 't1', name: 'Job interviews', level: 'B2', kind: 'topic' as const } };
    render(<SessionRequestCard message={message} as="learner" timeZone="Asia/Kolkata" now={before(60)} />);
    expect(screen.getByText('11-Mar-2026')).toBeInTheDocument();
    expect(screen.getByText('3:30 PM')).toBeInTheDocument();
    expect(screen.getByText('Times are in Asia/Kolkata.')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    expect(screen.getByText('Job interviews · Level B2')).toBeInTheDocument();
    expect(screen.getByText('Can we practise interviews?')).toBeInTheDocument();
  });

  it('says a kid’s request is for a kids’ session, as the sessions lists do (English · Kids)', () => {
    render(<SessionRequestCard message={{ ...sessionRequest(1, start), forKids: true }} as="teacher" timeZone="UTC" now={before(60)} onDecide={vi.fn()} />);
    expect(screen.getByText('English · Kids')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book' })).toHaveAccessibleDescription(/English · Kids$/);
  });

  it.each([
    ['Requested', 'badge-secondary'],
    ['Booked', 'badge-success'],
    ['Rejected', 'badge-error'],
    ['Expired', 'badge-neutral'],
    ['Cancelled', 'badge-outline'],
    ['Rescheduled', 'badge-outline'],
  ] as const)('a %s request shows a %s badge', (status, badgeClass) => {
    render(<SessionRequestCard message={sessionRequest(1, start, status)} as="learner" timeZone="UTC" now={before(60)} />);
    expect(screen.getByText(status, { selector: '.badge' })).toHaveClass(badgeClass);
  });

  it('outlines the Rejected badge, so it is not taken for the filled Requested one', () => {
    render(<SessionRequestCard message={sessionRequest(1, start, 'Rejected')} as="learner" timeZone="UTC" now={before(60)} />);
    expect(screen.getByText('Rejected', { selector: '.badge' })).toHaveClass('badge-error', 'badge-outline');
  });

  it('a Requested request reads Expired (neutral) from 5 minutes before its start', () => {
    const { rerender } = render(<SessionRequestCard message={sessionRequest(1, start)} as="learner" timeZone="UTC" now={before(6)} />);
    expect(screen.getByText('Requested', { selector: '.badge' })).toBeInTheDocument();
    rerender(<SessionRequestCard message={sessionRequest(1, start)} as="learner" timeZone="UTC" now={before(5)} />);
    expect(screen.getByText('Expired', { selector: '.badge' })).toHaveClass('badge-neutral');
  });

  it('shows Book and Reject only to the tutor, only while Requested', async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn();
    const message = sessionRequest(1, start);
    const { rerender } = render(<SessionRequestCard message={message} as="learner" timeZone="UTC" now={before(60)} onDecide={onDecide} />);
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();

    rerender(<SessionRequestCard message={message} as="teacher" timeZone="UTC" now={before(60)} onDecide={onDecide} />);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(onDecide).toHaveBeenCalledWith(message, 'Booked');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onDecide).toHaveBeenCalledWith(message, 'Rejected');

    rerender(<SessionRequestCard message={{ ...message, status: 'Booked' }} as="teacher" timeZone="UTC" now={before(60)} onDecide={onDecide} />);
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
    rerender(<SessionRequestCard message={message} as="teacher" timeZone="UTC" now={before(4)} onDecide={onDecide} />);
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    // Stored Expired by the server's job: closed whatever this browser's clock says.
    rerender(<SessionRequestCard message={{ ...message, status: 'Expired' }} as="teacher" timeZone="UTC" now={before(60)} onDecide={onDecide} />);
    expect(screen.getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
  });

  it('Book and Reject say which request they decide, keep the focus while it is decided, and hand it to the request once decided', async () => {
    const user = userEvent.setup();
    const message = sessionRequest(1, start);
    const card = (props: { status?: 'Booked'; deciding?: 'Booked' | null }) => (
      <SessionRequestCard message={{ ...message, status: props.status ?? 'Requested' }} as="teacher" timeZone="Asia/Kolkata" now={before(60)} onDecide={() => {}} deciding={props.deciding ?? null} />
    );
    const { rerender } = render(card({}));
    const book = screen.getByRole('button', { name: 'Book' });
    expect(book).toHaveAccessibleDescription('Session request: 11-Mar-2026, 3:30 PM, English');
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveAccessibleDescription('Session request: 11-Mar-2026, 3:30 PM, English');
    book.focus();
    await user.keyboard('{Enter}');
    rerender(card({ deciding: 'Booked' }));
    expect(book).toHaveAttribute('aria-disabled', 'true');
    expect(book).toHaveFocus();
    rerender(card({ status: 'Booked' }));
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
    expect(screen.getByText('Session request')).toHaveFocus();
  });

  describe('a request outside the tutor’s week', () => {
    // Wed 11 Mar 2026, 3:30 PM in Kolkata; the tutor works Wednesdays 3:00–6:00 PM there.
    const week = { timeZone: 'Asia/Kolkata', ranges: [{ weekday: 3, startMinute: 900, endMinute: 1080 }], daysOff: [] as string[] };
    const card = (hours: typeof week, as: 'teacher' | 'learner' = 'teacher') =>
      render(<SessionRequestCard message={{ ...sessionRequest(1, start), learner: 'learner-1' }} as={as} timeZone="Asia/Kolkata" now={before(60)} onDecide={vi.fn()} tutorHours={hours} />);

    it('says nothing inside the weekly hours', () => {
      card(week);
      expect(screen.getByRole('button', { name: 'Book' })).toBeInTheDocument();
      expect(screen.queryByText(/weekly hours|days off/)).toBeNull();
    });

    it('tells the tutor a day off or a time outside the weekly hours before Book', () => {
      const { unmount } = card({ ...week, daysOff: ['2026-03-11'] });
      expect(screen.getByText('This is one of your days off. Book it only if you can take it.')).toBeInTheDocument();
      unmount();
      card({ ...week, ranges: [{ weekday: 3, startMinute: 540, endMinute: 900 }] });
      expect(screen.getByText('This is outside your weekly hours. Book it only if you can take it.')).toBeInTheDocument();
    });

    it('says nothing to the learner', () => {
      card({ ...week, daysOff: ['2026-03-11'] }, 'learner');
      expect(screen.queryByText(/days off/)).toBeNull();
    });
  });
});

describe('useRequestClock', () => {
  afterEach(() => vi.useRealTimers());

  function Thread({ messages }: { messages: ChatMessage[] }) {
    const now = useRequestClock(messages);
    return messages.map((m) => <SessionRequestCard key={m._id} message={m} as="learner" timeZone="UTC" now={now} />);
  }

  it('turns a request Expired at its minute, not up to a tick later', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(before(5).getTime() - 2_500));
    render(<Thread messages={[sessionRequest(1, start)]} />);
    act(() => vi.advanceTimersByTime(2_499));
    expect(screen.getByText('Requested', { selector: '.badge' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
  });
});
