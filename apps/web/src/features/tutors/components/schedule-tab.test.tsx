import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleResponse, SessionItem } from '@parley/domain/booking';
import { messages } from '@parley/domain/messages';
import { scheduleDates } from '@parley/domain/slots';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { lastFakeSocket } from '../../../test/fake-socket';
import { json, mockFetch, renderAt } from '../../../test/render';
import type { BookButtonProps } from '../lib/book-button';
import { schedule, slot, tutor } from '../lib/tutor-fixtures';
import type { TutorViewer } from '../lib/tutor-viewer';
import { ScheduleTab } from './schedule-tab';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

const dates = scheduleDates({ now: new Date(), viewerTimeZone: 'UTC' });
const today = dates[0]!;
const tomorrow = dates[1]!;
const dayAfter = dates[2]!;

const viewer: TutorViewer = { as: 'learner', id: 'learner-1', timeZone: 'UTC', subject: 'English', forKids: false, showsFavourite: true };

/** Tomorrow: one slot in each of the four groups; the day after: none. */
const byDate: Record<string, ScheduleResponse> = {
  [today]: schedule([]),
  [tomorrow]: schedule([slot(tomorrow, '09:00'), slot(tomorrow, '09:15'), slot(tomorrow, '13:00'), slot(tomorrow, '18:00'), slot(tomorrow, '22:00')]),
  [dayAfter]: schedule([]),
};

function StubBookButton({ choice }: BookButtonProps) {
  return (
    <>
      <button type="button" disabled={!choice}>
        Book a session
      </button>
      <output data-testid="choice">{choice ? `${choice.date} ${choice.slot.start}` : ''}</output>
    </>
  );
}

/** One of the viewer's own booked sessions, with another tutor, at HH:mm UTC on the date. */
function ownSession(date: string, hhmm: string, minutes: number): SessionItem {
  const startAt = new Date(`${date}T${hhmm}:00.000Z`);
  return {
    _id: `own-${date}-${hhmm}`,
    subject: 'IELTS',
    type: 'Regular',
    status: 'booked',
    startAt: startAt.toISOString(),
    endAt: new Date(startAt.getTime() + minutes * 60_000).toISOString(),
    forKids: false,
    teacher: { _id: 'other-tutor', name: 'Rahul Verma', image: '' },
    learner: { _id: viewer.id, name: 'Learner' },
  };
}

function renderSchedule(handler = (date: string) => json(byDate[date] ?? schedule([])), own: SessionItem[] = []) {
  const fetchMock = mockFetch({
    [`GET /api/teachers/${tutor._id}/schedule`]: (url) => handler(url.searchParams.get('date')!),
    'GET /api/sessions': () => json({ items: own, total: own.length }),
  });
  renderAt(<ScheduleTab viewer={viewer} tutor={tutor} BookButton={StubBookButton} />);
  return fetchMock;
}

const dateButton = (date: string) => screen.getByRole('radiogroup', { name: 'Date' }).querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

describe('ScheduleTab: kept current while open', () => {
  const scheduleAsks = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('/schedule')).length;

  it('watches the tutor on the viewer’s socket, asks again when the server says the schedule changed, and stops watching when closed', async () => {
    const fetchMock = renderSchedule();
    await screen.findByText('Slots not available');
    const socket = lastFakeSocket('learner');
    expect(socket.emit).toHaveBeenCalledWith('schedule:watch', { tutorId: tutor._id });
    const asked = scheduleAsks(fetchMock);

    act(() => socket.serverEmit('schedule_changed', { tutorId: 'another-tutor' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scheduleAsks(fetchMock)).toBe(asked);
    act(() => socket.serverEmit('schedule_changed', { tutorId: tutor._id }));
    await waitFor(() => expect(scheduleAsks(fetchMock)).toBe(asked + 1));

    // A new connection after a drop watches again, and asks again (an event may have been missed).
    act(() => socket.serverEmit('connect'));
    expect(socket.emit.mock.calls.filter(([event]) => event === 'schedule:watch')).toHaveLength(2);
    await waitFor(() => expect(scheduleAsks(fetchMock)).toBe(asked + 2));
  });

  it('stops watching when the schedule closes', async () => {
    mockFetch({ [`GET /api/teachers/${tutor._id}/schedule`]: () => json(schedule([])), 'GET /api/sessions': () => json({ items: [], total: 0 }) });
    const { unmount } = renderAt(<ScheduleTab viewer={viewer} tutor={tutor} BookButton={StubBookButton} />);
    await screen.findByText('Slots not available');
    const socket = lastFakeSocket('learner');
    expect(socket.emit).not.toHaveBeenCalledWith('schedule:unwatch', expect.anything());
    unmount();
    expect(socket.emit).toHaveBeenCalledWith('schedule:unwatch', { tutorId: tutor._id });
  });
});

describe("ScheduleTab: a tutor's free slots on a date, and booking one", () => {
  it('offers 14 dates, today through 13 days ahead', () => {
    renderSchedule();
    const buttons = within(screen.getByRole('radiogroup', { name: 'Date' })).getAllByRole('radio');
    expect(buttons).toHaveLength(14);
    expect(buttons[0]).toHaveTextContent('Today');
    expect(buttons[0]).toHaveAttribute('aria-checked', 'true');
    expect(buttons.map((b) => b.dataset.date)).toEqual(dates);
  });

  it('says the tutor does not teach the viewer’s subject, and asks for no schedule', () => {
    const fetchMock = mockFetch({});
    renderAt(<ScheduleTab viewer={{ ...viewer, subject: 'IELTS' }} tutor={tutor} BookButton={StubBookButton} />);
    expect(screen.getByText('Ananya Iyer does not teach IELTS. Please pick another tutor.')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Date' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book a session' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a tutor who teaches English only to adults does not teach kids, to a kid', () => {
    const fetchMock = mockFetch({});
    const kid: TutorViewer = { ...viewer, as: 'kid', id: 'kid-1', forKids: true, showsFavourite: false };
    renderAt(<ScheduleTab viewer={kid} tutor={tutor} BookButton={StubBookButton} />);
    expect(screen.getByText('Ananya Iyer does not teach kids. Please pick another tutor.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the date in the viewer’s timezone, subject and forKids', async () => {
    const fetchMock = renderSchedule();
    await screen.findByText('Slots not available');
    const scheduleCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/schedule'))!;
    const url = new URL(String(scheduleCall[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ date: today, timezone: 'UTC', subject: 'English', forKids: 'false' });
    // The slots are said in that timezone, so the viewer knows whose clock they read.
    expect(screen.getByTestId('schedule-time-zone')).toHaveTextContent('Times are in UTC.');
  });

  it('keeps Book disabled until a slot is picked', async () => {
    const user = userEvent.setup();
    renderSchedule();
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
    await user.click(dateButton(tomorrow));
    await user.click(await screen.findByRole('option', { name: '9:15 AM - 9:30 AM' }));
    expect(screen.getByRole('option', { name: '9:15 AM - 9:30 AM' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeEnabled();
    expect(screen.getByTestId('choice')).toHaveTextContent(`${tomorrow} 09:15`);
  });

  it('clears the picked slot when the date changes', async () => {
    const user = userEvent.setup();
    renderSchedule();
    await user.click(dateButton(tomorrow));
    await user.click(await screen.findByRole('option', { name: '9:00 AM - 9:15 AM' }));
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeEnabled();

    await user.click(dateButton(dayAfter));
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
    expect(screen.getByTestId('choice')).toBeEmptyDOMElement();

    // Coming back does not bring the old pick back either.
    await user.click(dateButton(tomorrow));
    expect(await screen.findByRole('option', { name: '9:00 AM - 9:15 AM' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
  });

  it('shows two slot groups before Show More, and the rest after it', async () => {
    const user = userEvent.setup();
    renderSchedule();
    await user.click(dateButton(tomorrow));
    await screen.findByRole('group', { name: 'Morning slots' });
    expect(screen.getAllByRole('group', { name: /slots$/ }).map((r) => r.getAttribute('aria-label'))).toEqual(['Morning slots', 'Afternoon slots']);
    expect(screen.queryByRole('option', { name: '6:00 PM - 6:15 PM' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getAllByRole('group', { name: /slots$/ })).toHaveLength(4);
    expect(screen.getByRole('option', { name: '10:00 PM - 10:15 PM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("says 'Slots not available' when the tutor has nothing left today", async () => {
    renderSchedule();
    expect(await screen.findByText('Slots not available')).toBeInTheDocument();
  });

  it("says 'Sorry! Teacher not available on this date.' for a date without slots", async () => {
    const user = userEvent.setup();
    renderSchedule();
    await user.click(dateButton(dayAfter));
    expect(await screen.findByText('Sorry! Teacher not available on this date.')).toBeInTheDocument();
    // No later date has free time: nothing is offered.
    expect(screen.queryByRole('button', { name: /^Next free time/ })).not.toBeInTheDocument();
  });

  it('offers the next date with free time on a date without any, and takes the choice and the focus there', async () => {
    const user = userEvent.setup();
    renderSchedule((date) => json(date === today ? schedule([], { nextFreeDate: tomorrow }) : (byDate[date] ?? schedule([]))));
    await screen.findByText('Slots not available');
    await user.click(screen.getByRole('button', { name: `Next free time: ${formatCalendarDate(tomorrow, 'EEEE d MMMM')}` }));
    expect(dateButton(tomorrow)).toHaveAttribute('aria-checked', 'true');
    expect(dateButton(tomorrow)).toHaveFocus();
    expect(await screen.findByRole('option', { name: '9:00 AM - 9:15 AM' })).toBeInTheDocument();
  });

  it("says 'Unable to fetch teacher details' when the schedule fails to load", async () => {
    renderSchedule(() => json({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch teacher details');
  });

  it('marks the slots the viewer’s own sessions with other tutors overlap, and does not let them be picked', async () => {
    const user = userEvent.setup();
    // 09:05–09:20 overlaps both 09:00 and 09:15; 13:00–13:15 is 13:00 exactly; 18:15 touches nothing shown.
    const fetchMock = renderSchedule(undefined, [ownSession(tomorrow, '09:05', 15), ownSession(tomorrow, '13:00', 15), ownSession(tomorrow, '18:15', 15)]);
    await user.click(dateButton(tomorrow));
    const busy = await screen.findByRole('option', { name: '9:00 AM - 9:15 AM You have a session then' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: '9:15 AM - 9:30 AM You have a session then' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByRole('option', { name: '1:00 PM - 1:15 PM You have a session then' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: '6:00 PM - 6:15 PM' })).not.toHaveAttribute('aria-disabled');

    await user.click(busy);
    expect(busy).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
    // Asked once, for every subject: a session in any subject makes the learner busy.
    const asked = fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/sessions');
    expect(asked).toHaveLength(1);
    expect(new URL(String(asked[0]![0]), 'http://localhost').searchParams.get('when')).toBe('upcoming');
    expect(new URL(String(asked[0]![0]), 'http://localhost').searchParams.get('subject')).toBeNull();
  });

  it('reads every page of the viewer’s sessions that starts within the 14 days, and no further', async () => {
    const user = userEvent.setup();
    // 50 short sessions today fill the first page; the second holds tomorrow's 09:05 and one beyond the window.
    const early = Array.from({ length: 50 }, (_, i) => ownSession(today, `00:${String(i).padStart(2, '0')}`, 1));
    const later = [ownSession(tomorrow, '09:05', 15), ...Array.from({ length: 50 }, () => ownSession('2099-01-01', '09:00', 15))];
    const all = [...early, ...later];
    const fetchMock = mockFetch({
      [`GET /api/teachers/${tutor._id}/schedule`]: (url) => json(byDate[url.searchParams.get('date')!] ?? schedule([])),
      'GET /api/sessions': (url) => {
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        return json({ items: all.slice((page - 1) * limit, page * limit), total: all.length });
      },
    });
    renderAt(<ScheduleTab viewer={viewer} tutor={tutor} BookButton={StubBookButton} />);
    await user.click(dateButton(tomorrow));
    expect(await screen.findByRole('option', { name: '9:00 AM - 9:15 AM You have a session then' })).toHaveAttribute('aria-disabled', 'true');
    // The second page ends past the window: a third is not asked for.
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/sessions')
      .map((url) => url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('skips the viewer’s busy slots with the arrow keys', async () => {
    const user = userEvent.setup();
    renderSchedule(undefined, [ownSession(tomorrow, '09:15', 15)]);
    await user.click(dateButton(tomorrow));
    await screen.findByRole('option', { name: '9:15 AM - 9:30 AM You have a session then' });
    await user.click(screen.getByRole('option', { name: '9:00 AM - 9:15 AM' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: '1:00 PM - 1:15 PM' })).toHaveAttribute('aria-selected', 'true');
  });

  it('drops a picked slot that a refetch no longer offers', async () => {
    const user = userEvent.setup();
    let taken = false;
    mockFetch({
      [`GET /api/teachers/${tutor._id}/schedule`]: (url) => {
        const date = url.searchParams.get('date')!;
        return json(date === tomorrow && taken ? schedule([slot(tomorrow, '09:15')]) : (byDate[date] ?? schedule([])));
      },
    });
    const { queryClient } = renderAt(<ScheduleTab viewer={viewer} tutor={tutor} BookButton={StubBookButton} />);
    await user.click(dateButton(tomorrow));
    await user.click(await screen.findByRole('option', { name: '9:00 AM - 9:15 AM' }));
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeEnabled();
    taken = true;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(screen.queryByRole('option', { name: '9:00 AM - 9:15 AM' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
    // Said, in a live region, rather than the choice just vanishing; a new pick takes the note away.
    expect(screen.getByText(messages.pickedTimeGone).closest('[aria-live="assertive"]')).not.toBeNull();
    await user.click(screen.getByRole('option', { name: '9:15 AM - 9:30 AM' }));
    expect(screen.queryByText(messages.pickedTimeGone)).toBeNull();
  });

  it('says nothing of a gone time before one is picked', async () => {
    renderSchedule();
    await userEvent.click(dateButton(tomorrow));
    await screen.findByRole('option', { name: '9:00 AM - 9:15 AM' });
    expect(screen.queryByText(messages.pickedTimeGone)).toBeNull();
  });
});

describe('ScheduleTab keyboard: the dates and the slots are one Tab stop each', () => {
  it('names each date by its visible text and keeps only the chosen one in the Tab order', () => {
    renderSchedule();
    const radios = within(screen.getByRole('radiogroup', { name: 'Date' })).getAllByRole('radio');
    expect(radios[0]).toHaveAccessibleName(/^Today \d{1,2} [A-Z][a-z]{2}$/);
    expect(radios[1]).toHaveAccessibleName(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/);
    expect(radios.filter((r) => r.tabIndex === 0)).toEqual([radios[0]]);
  });

  it('arrow keys, Home and End move focus and the chosen date', async () => {
    const user = userEvent.setup();
    renderSchedule();
    await user.tab();
    expect(dateButton(today)).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(dateButton(tomorrow)).toHaveFocus();
    expect(dateButton(tomorrow)).toHaveAttribute('aria-checked', 'true');
    expect(dateButton(today)).toHaveAttribute('aria-checked', 'false');
    expect(dateButton(tomorrow)).toHaveAttribute('tabindex', '0');

    await user.keyboard('{End}');
    expect(dateButton(dates[13]!)).toHaveFocus();
    expect(dateButton(dates[13]!)).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowRight}');
    expect(dateButton(today)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(dateButton(dates[13]!)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(dateButton(today)).toHaveAttribute('aria-checked', 'true');
  });

  it('Tab leaves the dates for the slot list, whose arrows move focus and the pick across groups', async () => {
    const user = userEvent.setup();
    renderSchedule();
    await user.click(dateButton(tomorrow));
    const first = await screen.findByRole('option', { name: '9:00 AM - 9:15 AM' });
    expect(screen.getByRole('listbox', { name: 'Time slots' })).toBeInTheDocument();

    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: '9:15 AM - 9:30 AM' });
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('choice')).toHaveTextContent(`${tomorrow} 09:15`);

    // End reaches the last shown slot, in the second group.
    await user.keyboard('{End}');
    const last = screen.getByRole('option', { name: '1:00 PM - 1:15 PM' });
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toEqual([last]);
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(last).toHaveFocus();

    // One more Tab leaves the list (Show More is next).
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show More' })).toHaveFocus();
  });
});
