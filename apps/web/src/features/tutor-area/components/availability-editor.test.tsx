import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';
import { json, mockFetch, renderAt } from '../../../test/render';
import { TutorAvailabilityPage } from './tutor-availability-page';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

const saved = {
  timezone: 'Asia/Kolkata',
  version: 'week-1',
  ranges: [
    { weekday: 1, startMinute: 8 * 60, endMinute: 12 * 60 },
    { weekday: 1, startMinute: 17 * 60, endMinute: 21 * 60 },
    { weekday: 6, startMinute: 9 * 60, endMinute: 24 * 60 },
  ],
  daysOff: ['2030-01-26'],
  block: null,
  bookedDays: [],
};

function renderPage(put: (body: unknown) => Response = (body) => json({ timezone: 'Asia/Kolkata', block: null, bookedDays: [], ...(body as object) }), get: () => Response = () => json(saved)) {
  const bodies: unknown[] = [];
  mockFetch({
    'GET /api/teacher/availability': get,
    'PUT /api/teacher/availability': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      return put(body);
    },
  });
  renderAt(<TutorAvailabilityPage />);
  return bodies;
}

describe('TutorAvailabilityPage (the tutor’s weekly editor)', () => {
  it('moves focus to the start of the range Add hours adds', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add hours on Monday' }));
    expect(screen.getByLabelText('Monday range 3 start')).toHaveFocus();
  });

  it('keeps the Save button focusable while saving (aria-disabled: a disabled button drops focus) and saves once', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/teacher/availability': () => json(saved),
      'PUT /api/teacher/availability': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    renderAt(<TutorAvailabilityPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Monday range 2' }));
    const save = screen.getByRole('button', { name: 'Save availability' });
    await user.click(save);
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    expect(saving).not.toBeDisabled();
    await user.click(saving);
    answer(json({ ...saved, ranges: saved.ranges.slice(0, 1).concat(saved.ranges.slice(2)) }));
    await screen.findByRole('button', { name: 'Save availability' });
    expect(bodies).toHaveLength(1);
  });

  it('shows the week in the tutor’s timezone, midnight ends included', async () => {
    renderPage();
    expect(await screen.findByText(/in your timezone \(Asia\/Kolkata\)/)).toBeInTheDocument();
    const monday = screen.getByRole('listitem', { name: 'Monday' });
    expect(within(monday).getByLabelText('Monday range 1 start')).toHaveValue('08:00');
    expect(within(monday).getByLabelText('Monday range 2 end')).toHaveValue('21:00');
    expect(within(screen.getByRole('listitem', { name: 'Saturday' })).getByLabelText('Saturday range 1 end')).toHaveValue('00:00');
    expect(within(screen.getByRole('listitem', { name: 'Sunday' })).getByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Planned days off' })).toHaveTextContent('Sat, 26 Jan 2030');
  });

  it('adds and removes ranges and days off, and saves the whole week', async () => {
    const user = userEvent.setup();
    const bodies = renderPage();
    await screen.findByRole('listitem', { name: 'Monday' });
    await user.click(screen.getByRole('button', { name: 'Remove Monday range 2' }));
    await user.click(screen.getByRole('button', { name: 'Add hours on Wednesday' }));
    await user.click(screen.getByRole('button', { name: 'Remove day off Sat, 26 Jan 2030' }));
    await user.type(screen.getByLabelText('Day off'), '2030-02-14');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    // Nothing is stored yet, and the page says so (leaving would ask first).
    expect(screen.getByText('Unsaved changes to your hours or days off')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Unsaved changes to your hours or days off')).not.toBeInTheDocument());
    expect(bodies[0]).toEqual({
      ranges: [
        { weekday: 1, startMinute: 480, endMinute: 720 },
        { weekday: 6, startMinute: 540, endMinute: 1440 },
        { weekday: 3, startMinute: 540, endMinute: 720 },
      ],
      daysOff: ['2030-02-14'],
      version: 'week-1',
    });
  });

  it('says when another window saved the hours first, and loads them on request (the next save names them)', async () => {
    const user = userEvent.setup();
    const elsewhere = { ...saved, version: 'week-2', ranges: [{ weekday: 2, startMinute: 600, endMinute: 660 }] };
    let reads = 0;
    const bodies = renderPage(
      (body) =>
        (body as { version: string }).version === 'week-1'
          ? json({ code: 'HOURS_CHANGED', message: messages.hoursChanged }, 409)
          : json({ ...elsewhere, ...(body as object), version: 'week-3' }),
      () => json(++reads === 1 ? saved : elsewhere),
    );
    await screen.findByRole('listitem', { name: 'Monday' });
    await user.click(screen.getByRole('button', { name: 'Add hours on Wednesday' }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(messages.hoursChanged);
    await waitFor(() => expect(notice).toHaveFocus());
    // Nothing was saved: the edit is still there, unsaved.
    expect(screen.getByText('Unsaved changes to your hours or days off')).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Load the saved hours' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(within(screen.getByRole('listitem', { name: 'Tuesday' })).getByLabelText('Tuesday range 1 start')).toHaveValue('10:00');
    expect(within(screen.getByRole('listitem', { name: 'Monday' })).queryByLabelText('Monday range 1 start')).toBeNull();
    expect(screen.queryByText('Unsaved changes to your hours or days off')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add hours on Friday' }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ version: 'week-2' });
  });

  it('keeps focus on the day when a range is removed: on the ✕ beside it, then on Add hours', async () => {
    const user = userEvent.setup();
    renderPage();
    const monday = await screen.findByRole('listitem', { name: 'Monday' });
    await user.click(within(monday).getByRole('button', { name: 'Remove Monday range 1' }));
    // The first range gone, the one after it (now range 1, 5 PM) takes focus.
    expect(within(monday).getByLabelText('Monday range 1 start')).toHaveValue('17:00');
    expect(within(monday).getByRole('button', { name: 'Remove Monday range 1' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    await user.click(within(monday).getByRole('button', { name: 'Remove Monday range 2' }));
    expect(within(monday).getByRole('button', { name: 'Remove Monday range 1' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(within(monday).getByText('Unavailable')).toBeInTheDocument();
    expect(within(monday).getByRole('button', { name: 'Add hours on Monday' })).toHaveFocus();
  });

  it('keeps focus among the days off: on the date after adding one, on a neighbour’s ✕ or the date after removing one', async () => {
    const user = userEvent.setup();
    renderPage();
    const dateField = await screen.findByLabelText('Day off');
    await user.type(dateField, '2030-02-14');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(dateField).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove day off Sat, 26 Jan 2030' }));
    expect(screen.getByRole('button', { name: 'Remove day off Thu, 14 Feb 2030' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('No days off planned.')).toBeInTheDocument();
    expect(dateField).toHaveFocus();
  });

  it('refuses overlapping ranges before asking the server, saying where', async () => {
    const user = userEvent.setup();
    const bodies = renderPage();
    const start = await screen.findByLabelText('Monday range 2 start');
    await user.clear(start);
    await user.type(start, '11:00');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Monday 11:00 AM–\d{1,2}:\d\d [AP]M: Ranges on the same day must not overlap/);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Monday range 2 end')).toHaveAttribute('aria-invalid', 'true');
    // The range it overlaps is at fault too: either one can be moved.
    expect(screen.getByLabelText('Monday range 1 start')).toHaveAttribute('aria-invalid', 'true');
    // The fields are described by the problem, said beside them too.
    expect(start).toHaveAccessibleDescription('Ranges on the same day must not overlap');
    expect(screen.getByLabelText('Monday range 2 end')).toHaveAccessibleDescription('Ranges on the same day must not overlap');
    // Changing anything clears the marks with the message.
    await user.clear(start);
    await user.type(start, '13:00');
    expect(start).not.toHaveAttribute('aria-invalid');
    expect(bodies).toHaveLength(0);
  });

  it('refuses a time off the 5-minute step before asking the server', async () => {
    const user = userEvent.setup();
    const bodies = renderPage();
    const start = await screen.findByLabelText('Monday range 1 start');
    await user.clear(start);
    await user.type(start, '08:07');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Use times on a 5-minute step, such as 10:05');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toHaveLength(0);
  });

  it('shows the server’s validation errors next to the range they name', async () => {
    const user = userEvent.setup();
    renderPage(() => json({ code: 'VALIDATION_FAILED', message: 'ranges.1.endMinute: Too big', fields: { 'ranges.1.endMinute': 'Too big' } }, 400));
    await screen.findByRole('listitem', { name: 'Monday' });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Monday 5:00 PM–9:00 PM: Too big');
    expect(screen.getByLabelText('Monday range 2 end')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says on the field why a day off in the past is not added', async () => {
    const user = userEvent.setup();
    renderPage();
    const dateField = await screen.findByLabelText('Day off');
    await user.type(dateField, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(dateField).toHaveAttribute('aria-invalid', 'true');
    expect(dateField).toHaveAccessibleDescription('Pick today or a later date.');
    expect(dateField).toHaveFocus();
    expect(screen.getByRole('list', { name: 'Planned days off' })).not.toHaveTextContent('2020');
    // Changing the date clears the message.
    await user.clear(dateField);
    await user.type(dateField, '2030-02-14');
    expect(dateField).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Pick today or a later date.')).not.toBeInTheDocument();
    // A day already off says so, instead of nothing happening.
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    await user.type(dateField, '2030-02-14');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(dateField).toHaveAccessibleDescription('That day is already a day off.');
    // Once that day is taken off the list, the message goes, and the day can be added again.
    await user.click(screen.getByRole('button', { name: /^Remove day off .*14 Feb 2030/ }));
    expect(dateField).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('That day is already a day off.')).not.toBeInTheDocument();
    expect(dateField).toHaveValue('2030-02-14');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(screen.getByRole('list', { name: 'Planned days off' })).toHaveTextContent('14 Feb 2030');
  });

  it('as a weekday’s hours change over its booked sessions, says they stay booked and are cancelled from Sessions', async () => {
    const user = userEvent.setup();
    // Saturday 16 Feb 2030 has a booked session.
    renderPage(undefined, () => json({ ...saved, bookedDays: [{ day: '2030-02-16', sessions: 1 }] }));
    await screen.findByLabelText('Saturday range 1 start');
    expect(screen.queryByTestId('booked-on-Saturday')).not.toBeInTheDocument();
    // Monday's hours change: nothing is booked on a Monday.
    await user.click(screen.getByRole('button', { name: 'Remove Monday range 2' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Saturday range 1' }));
    const warning = within(screen.getByRole('listitem', { name: 'Saturday' })).getByTestId('booked-on-Saturday');
    expect(warning).toHaveTextContent('You have 1 booked session on Sat, 16 Feb 2030.');
    expect(warning).toHaveTextContent('New hours keep it booked. If you will not teach, cancel it from Sessions.');
  });

  it('as a day off is added over booked sessions, says how many and that they are cancelled from Sessions', async () => {
    const user = userEvent.setup();
    renderPage(undefined, () => json({ ...saved, bookedDays: [{ day: '2030-02-14', sessions: 2 }] }));
    const dateField = await screen.findByLabelText('Day off');
    expect(screen.queryByTestId('booked-on-days-off')).not.toBeInTheDocument();
    await user.type(dateField, '2030-02-14');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    const warning = await screen.findByTestId('booked-on-days-off');
    expect(warning).toHaveTextContent('You have 2 booked sessions on Thu, 14 Feb 2030.');
    expect(warning).toHaveTextContent('A day off keeps them booked. If you will not teach, cancel them from Sessions.');
    expect(within(warning).getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/teacher/sessions');
    // Removing the day off from the draft takes its warning away.
    await user.click(screen.getByRole('button', { name: 'Remove day off Thu, 14 Feb 2030' }));
    expect(screen.queryByTestId('booked-on-days-off')).not.toBeInTheDocument();
  });

  it('says plainly when a moderator has the tutor blocked, with the reason', async () => {
    renderPage(undefined, () => json({ ...saved, block: { reason: 'Repeated no-shows reported by learners.' } }));
    const notice = await screen.findByRole('region', { name: 'Your account is blocked by a moderator' });
    expect(notice).toHaveTextContent('Learners cannot book you until a moderator unblocks you.');
    expect(notice).toHaveTextContent('Reason: Repeated no-shows reported by learners.');
  });

  it('shows no block notice for a tutor who is not blocked', async () => {
    renderPage();
    await screen.findByRole('listitem', { name: 'Monday' });
    expect(screen.queryByTestId('tutor-block-notice')).not.toBeInTheDocument();
  });
});
