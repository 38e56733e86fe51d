import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleResponse } from '@parley/domain/booking';
import { scheduleDates } from '@parley/domain/slots';
import { json, mockFetch, renderAt } from '../../../test/render';
import type { BookButtonProps } from '../lib/book-button';
import { schedule, slot, tutor } from '../lib/tutor-fixtures';
import type { TutorViewer } from '../lib/tutor-viewer';
import { ScheduleTab } from './schedule-tab';

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

function renderSchedule(handler = (date: string) => json(byDate[date] ?? schedule([]))) {
  const fetchMock = mockFetch({ [`GET /api/teachers/${tutor._id}/schedule`]: (url) => handler(url.searchParams.get('date')!) });
  renderAt(<ScheduleTab viewer={viewer} tutor={tutor} BookButton={StubBookButton} />);
  return fetchMock;
}

const dateButton = (date: string) => screen.getByRole('group', { name: 'Date' }).querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

describe("ScheduleTab: a tutor's free slots on a date, and booking one", () => {
  it('offers 14 dates, today through 13 days ahead', () => {
    renderSchedule();
    const buttons = within(screen.getByRole('group', { name: 'Date' })).getAllByRole('button');
    expect(buttons).toHaveLength(14);
    expect(buttons[0]).toHaveTextContent('Today');
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    expect(buttons.map((b) => b.dataset.date)).toEqual(dates);
  });

  it('asks for the date in the viewer’s timezone, subject and forKids', async () => {
    const fetchMock = renderSchedule();
    await screen.findByText('Slots not available');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ date: today, timezone: 'UTC', subject: 'English', forKids: 'false' });
  });

  it('keeps Book disabled until a slot is picked', async () => {
    const user = userEvent.setup();
    renderSchedule();
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
    await user.click(dateButton(tomorrow));
    await user.click(await screen.findByRole('button', { name: '09:15 AM - 09:30 AM' }));
    expect(screen.getByRole('button', { name: '09:15 AM - 09:30 AM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeEnabled();
    expect(screen.getByTestId('choice')).toHaveTextContent(`${tomorrow} 09:15`);
  });

  it('clears the picked slot when the date changes', async () => {
    const user = userEvent.setup();
    renderSchedule();
    await user.click(dateButton(tomorrow));
    await user.click(await screen.findByRole('button', { name: '09:00 AM - 09:15 AM' }));
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeEnabled();

    await user.click(dateButton(dayAfter));
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
    expect(screen.getByTestId('choice')).toBeEmptyDOMElement();

    // Coming back does not bring the old pick back either.
    await user.click(dateButton(tomorrow));
    expect(await screen.findByRole('button', { name: '09:00 AM - 09:15 AM' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
  });

  it('shows two slot groups before Show More, and the rest after it', async () => {
    const user = userEvent.setup();
    renderSchedule();
    await user.click(dateButton(tomorrow));
    await screen.findByRole('region', { name: 'Morning slots' });
    expect(screen.getAllByRole('region', { name: /slots$/ }).map((r) => r.getAttribute('aria-label'))).toEqual(['Morning slots', 'Afternoon slots']);
    expect(screen.queryByRole('button', { name: '06:00 PM - 06:15 PM' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getAllByRole('region', { name: /slots$/ })).toHaveLength(4);
    expect(screen.getByRole('button', { name: '10:00 PM - 10:15 PM' })).toBeInTheDocument();
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
  });

  it("says 'Unable to fetch teacher details' when the schedule fails to load", async () => {
    renderSchedule(() => json({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch teacher details');
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
    await user.click(await screen.findByRole('button', { name: '09:00 AM - 09:15 AM' }));
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeEnabled();
    taken = true;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(screen.queryByRole('button', { name: '09:00 AM - 09:15 AM' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeDisabled();
  });
});
