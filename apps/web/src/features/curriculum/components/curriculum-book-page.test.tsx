import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurriculumOverview } from '@parley/domain/curriculum';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { notify } from '../../../shared/lib/toast';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { CERTIFICATE_ID, overview, TOPIC_ID } from '../test/curriculum-fixtures';
import { CurriculumBookPage } from './curriculum-book-page';

afterEach(() => vi.unstubAllGlobals());

const LEARNER_ID = '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11';
const tutor = (id: string, name: string) => ({ _id: id, name, image: '/t.svg', rating: 4.8, ratingCount: 3, tags: [], description: '', subjects: ['Curriculum'], timezone: 'Asia/Kolkata', isBlocked: false, isSalesPerson: false, isFavourite: false, mentorScore: 1 });
const tutors = [tutor('t-ananya', 'Ananya Iyer'), tutor('t-priya', 'Priya Nair')];
const slot = { startAt: '2030-03-12T04:30:00.000Z', endAt: '2030-03-12T04:55:00.000Z', start: '10:00', end: '10:25', timeView: '10:00 AM - 10:25 AM' };

const bookedSession = { _id: 's-new', startTime: slot.start, endTime: slot.end, sessionDate: '2030-03-12', startAt: slot.startAt, type: 'Regular', teacher: { _id: 't-priya', name: 'Priya Nair', image: '/t.svg' } };

function renderBook(answer: CurriculumOverview, overrides: Parameters<typeof mockFetch>[0] = {}) {
  const booked: unknown[] = [];
  const scheduleAsked: string[] = [];
  const fetchMock = mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord({ _id: LEARNER_ID, isNewCurriculum: true, timezone: 'Asia/Kolkata' }) }),
    'GET /api/curriculum': () => json(answer),
    'GET /api/teachers': (url) => json({ items: url.searchParams.get('subject') === 'Curriculum' ? tutors : [] }),
    'GET /api/teachers/t-ananya/schedule': (url) => (scheduleAsked.push(`ananya ${url.searchParams.get('subject')}`), schedule([])),
    'GET /api/teachers/t-priya/schedule': (url) => (scheduleAsked.push(`priya ${url.searchParams.get('subject')}`), schedule([slot])),
    'POST /api/curriculum/sessions': (_, init) => {
      booked.push(JSON.parse(String(init?.body)));
      return json(bookedSession);
    },
    ...overrides,
  });
  renderAt(<CurriculumBookPage />, { route: '/curriculumNew/bookSessionV2', path: '/curriculumNew/bookSessionV2' });
  return { booked, scheduleAsked, fetchMock };
}

function schedule(slots: (typeof slot)[]) {
  return json({ teacher: tutors[1], ratingCount: 3, isBlocked: false, isTeacherAvailableToday: true, bookedTimings: [], timeslot: [], slots, durationMin: 25 });
}

/** Picks Priya Nair and her one slot, and presses Book: the confirmation opens. */
async function pickPriyaAndBook(user: ReturnType<typeof userEvent.setup>) {
  const tutorField = await screen.findByRole('combobox', { name: 'Tutor' });
  await waitFor(() => expect(within(tutorField).getAllByRole('option')).toHaveLength(2));
  await user.selectOptions(tutorField, 'Priya Nair');
  await user.click(await screen.findByRole('button', { name: slot.timeView }));
  await user.click(screen.getByRole('button', { name: /^Book .* at 10:00 AM - 10:25 AM$/ }));
  return screen.findByRole('dialog', { name: 'Confirm your session' });
}

/** Picks Priya Nair, her one slot, books and confirms. */
async function bookWithPriya(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await pickPriyaAndBook(user);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
}

describe('CurriculumBookPage', () => {
  it('starts on the learner’s today in their own timezone, though the page drew before their record came', async () => {
    // 20:00 UTC on 4 March is already 01:30 on 5 March in Kolkata.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2030-03-04T20:00:00.000Z') });
    try {
      const dates: (string | null)[] = [];
      renderBook(overview(), { 'GET /api/teachers/t-ananya/schedule': (url) => (dates.push(url.searchParams.get('date')), schedule([])) });
      const dateField = await screen.findByRole('combobox', { name: 'Date' });
      await waitFor(() => expect(dateField).toHaveValue('2030-03-05'));
      await waitFor(() => expect(dates.length).toBeGreaterThan(0));
      expect(new Set(dates)).toEqual(new Set(['2030-03-05']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a date without free times offers the next date that has some, and takes the date field there', async () => {
    const user = userEvent.setup();
    const today = isoDateInZone(new Date(), 'Asia/Kolkata');
    const later = addDaysToIsoDate(today, 3);
    renderBook(overview(), {
      'GET /api/teachers/t-ananya/schedule': (url) =>
        url.searchParams.get('date') === later ? schedule([slot]) : json({ teacher: tutors[0], ratingCount: 3, isBlocked: false, isTeacherAvailableToday: false, bookedTimings: [], timeslot: [], slots: [], durationMin: 25, nextFreeDate: later }),
    });
    expect(await screen.findByText('Sorry! Teacher not available on this date.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Next free time: ${formatCalendarDate(later, 'EEEE d MMMM')}` }));
    expect(screen.getByRole('combobox', { name: 'Date' })).toHaveValue(later);
    expect(screen.getByRole('combobox', { name: 'Date' })).toHaveFocus();
    expect(await screen.findByRole('button', { name: slot.timeView })).toBeInTheDocument();
  });

  it('books the next topic with a curriculum tutor, date and time: its topicId and level', async () => {
    const user = userEvent.setup();
    const { booked, scheduleAsked } = renderBook(overview());
    expect(await screen.findByRole('heading', { name: 'Travel and transport · A2' })).toBeInTheDocument();
    // Nothing to book until a time is picked; the first tutor has none that day.
    expect(await screen.findByText('Sorry! Teacher not available on this date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pick a time' })).toHaveAttribute('aria-disabled', 'true');
    await bookWithPriya(user);
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(booked[0]).toMatchObject({ subject: 'Curriculum', topicId: TOPIC_ID, level: 'A2', teacherId: 't-priya', learnerId: LEARNER_ID, startAt: slot.startAt, startTime: '10:00', endTime: '10:25', duration: 25, timezone: 'Asia/Kolkata' });
    expect(booked[0]).not.toHaveProperty('certificateId');
    // Schedules are asked for the Curriculum subject (its tutors' curriculum slots).
    expect(new Set(scheduleAsked)).toEqual(new Set(['ananya Curriculum', 'priya Curriculum']));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/curriculumNew$/));
  });

  it('asks to confirm the topic, tutor, date and time first; Cancel books nothing', async () => {
    const user = userEvent.setup();
    const { booked } = renderBook(overview());
    const dialog = await pickPriyaAndBook(user);
    expect(within(dialog).getByText('Travel and transport · A2')).toBeInTheDocument();
    expect(within(dialog).getByText('Priya Nair')).toBeInTheDocument();
    expect(within(dialog).getByText(formatCalendarDate(isoDateInZone(new Date(), 'Asia/Kolkata'), 'EEEE, d MMMM yyyy'))).toBeInTheDocument();
    expect(within(dialog).getByText('10:00 AM - 10:25 AM')).toBeInTheDocument();
    expect(within(dialog).getByText('Asia/Kolkata')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(booked).toEqual([]);
    // The time stays picked, to book or change.
    expect(screen.getByRole('button', { name: slot.timeView })).toHaveAttribute('aria-pressed', 'true');
  });

  it('covers the page while the booking runs', async () => {
    const user = userEvent.setup();
    let answer: (value: Response) => void = () => {};
    renderBook(overview(), { 'POST /api/curriculum/sessions': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await bookWithPriya(user);
    expect(await screen.findByText('Booking your session…')).toBeInTheDocument();
    answer(json(bookedSession));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/curriculumNew$/));
  });

  it('a double click on Confirm booking books once and goes on to the curriculum', async () => {
    const user = userEvent.setup();
    const failure = vi.spyOn(notify, 'error');
    const { booked } = renderBook(overview());
    const dialog = await pickPriyaAndBook(user);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm booking' });
    // Both clicks land before React shows the pending state.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/curriculumNew$/));
    expect(booked).toHaveLength(1);
    expect(failure).not.toHaveBeenCalled();
  });

  it('books the unlocked level test by its certificateId and level', async () => {
    const user = userEvent.setup();
    const { booked } = renderBook(overview({ step: { kind: 'levelTest', test: { certificateId: CERTIFICATE_ID, certificateName: 'Parley English A2', level: 'A2' } } }));
    expect(await screen.findByRole('heading', { name: 'A2 level test · A2' })).toBeInTheDocument();
    await bookWithPriya(user);
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(booked[0]).toMatchObject({ subject: 'Curriculum', certificateId: CERTIFICATE_ID, level: 'A2' });
    expect(booked[0]).not.toHaveProperty('topicId');
  });

  it("a refused booking says 'Sorry! Cant book the session.' with the reason, and asks for the free times again", async () => {
    const user = userEvent.setup();
    const failure = vi.spyOn(notify, 'error');
    const { scheduleAsked } = renderBook(overview(), {
      'POST /api/curriculum/sessions': () => json({ code: 'SLOT_TAKEN', message: 'This slot has just been booked.' }, 409),
    });
    await bookWithPriya(user);
    await waitFor(() => expect(failure).toHaveBeenCalledWith(`${messages.bookingFailed} This slot has just been booked.`));
    await waitFor(() => expect(scheduleAsked.filter((s) => s.startsWith('priya')).length).toBeGreaterThan(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/curriculumNew\/bookSessionV2$/);
    // The time is gone, so the button asks for another, and it still holds the focus the press gave it.
    const pick = screen.getByRole('button', { name: 'Pick a time' });
    expect(pick).toHaveAttribute('aria-disabled', 'true');
    expect(pick).toHaveFocus();
  });

  it("says 'Unable to fetch teacher details' when a schedule fails to load", async () => {
    renderBook(overview(), { 'GET /api/teachers/t-ananya/schedule': () => json({ code: 'INTERNAL', message: 'x' }, 500) });
    expect(await screen.findByText(messages.teacherLoadFailed)).toBeInTheDocument();
  });

  it('says so when no tutor teaches the curriculum, instead of an empty list', async () => {
    renderBook(overview(), { 'GET /api/teachers': () => json({ items: [] }) });
    expect(await screen.findByText('No tutor teaches the curriculum right now. Please check back later.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tutor' })).toBeDisabled();
  });

  it('while waiting for marks shows why instead of a booking form', async () => {
    renderBook(overview({ step: { kind: 'waiting', level: 'A2', reason: 'topics_booked' } }));
    expect(await screen.findByRole('heading', { name: 'Nothing to book right now' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tutor' })).toBeNull();
  });

  it('with no sessions left offers a plan instead of the form', async () => {
    renderBook(overview({ plan: { name: 'English Curriculum · Steady', sessionsLeft: 0, sessionsOnPlan: 0, expiresAt: '2099-01-01T00:00:00.000Z' } }));
    expect(await screen.findByRole('link', { name: 'Get a curriculum plan' })).toHaveAttribute('href', '/curriculum/pricing');
    expect(screen.getByText('Your curriculum plan has no sessions left. Get a plan to book your next step.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tutor' })).toBeNull();
  });
});
