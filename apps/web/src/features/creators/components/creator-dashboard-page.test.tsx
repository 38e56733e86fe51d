import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATOR_COURSES_PAGE_SIZE } from '@parley/domain/courses';
import { Route } from 'react-router';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { CreatorDashboardPage } from './creator-dashboard-page';

const COURSE_ID = '0b6f3f0e-5d1e-4b7a-9a51-6a2f0b8e7c01';

const summary = (overrides: Record<string, unknown> = {}) => ({
  _id: '0b6f3f0e-5d1e-4b7a-9a51-6a2f0b8e7c10',
  title: 'Everyday English',
  subject: 'English',
  status: 'published',
  draftStatus: null,
  rejectionReason: null,
  unpublishReason: null,
  enrolments: 12,
  completionRatePercent: 25,
  rating: 4.5,
  ratingCount: 8,
  revenue: [
    { amountMinor: 1_19_800, currency: 'INR' },
    { amountMinor: 1_998, currency: 'USD' },
  ],
  // 18:30 UTC is midnight the next day in Kolkata.
  updatedAt: '2026-03-01T18:30:00.000Z',
  ...overrides,
});

const draft = {
  title: 'IELTS Writing',
  description: '',
  level: 'Beginner',
  coverMediaId: null,
  prices: { INR: 4_900, USD: 99 },
  modules: [],
  bonuses: [],
};

function renderDashboard(route = '/creators/dashboard') {
  setItem('USER', userRecord({ role: 'creator', name: 'Meera Creator', timezone: 'Asia/Kolkata' }));
  return renderAt(<CreatorDashboardPage />, {
    route,
    path: '/creators/dashboard',
    extra: <Route path="/creators/courses/:courseId" element={<p>editor</p>} />,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/creators/dashboard', () => {
  it('lists the courses with status badges, the rejection reason, numbers and revenue, asking as the creator', async () => {
    const fetch = mockFetch({
      'GET /api/creator/courses': () =>
        json({
          items: [
            summary(),
            summary({ _id: 'c2', title: 'Kids Phonics', subject: 'Kids', status: 'rejected', draftStatus: 'rejected', rejectionReason: 'The second video has no sound.', enrolments: 0, rating: 0, ratingCount: 0, revenue: [] }),
            summary({ _id: 'c3', title: 'AI for Writers', subject: 'AI', status: 'in_review', draftStatus: 'in_review', revenue: [] }),
            summary({ _id: 'c4', title: 'Grammar Basics', status: 'draft', draftStatus: 'draft', revenue: [] }),
            summary({ _id: 'c5', title: 'Old Course', status: 'unpublished', draftStatus: null, unpublishReason: 'A rights holder asked us to take it down.' }),
            summary({ _id: 'c6', title: 'Live With Changes', status: 'published', draftStatus: 'in_review' }),
          ],
          total: 6,
        }),
    });
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Your courses' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Your courses/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);

    expect(rows[0]).toHaveTextContent('Everyday English');
    expect(rows[0]).toHaveTextContent('English');
    expect(rows[0]).toHaveTextContent('Published');
    expect(rows[0]).toHaveTextContent('12');
    // The share of its learners who finished the course, not their average progress.
    expect(within(table).getByRole('columnheader', { name: 'Finished by' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('25%');
    expect(rows[0]).toHaveTextContent('4.5 out of 5 from 8 ratings');
    expect(rows[0]).toHaveTextContent('₹1,198');
    expect(rows[0]).toHaveTextContent('$19.98');
    expect(rows[0]).toHaveTextContent('2 Mar 2026, 12:00 AM');
    expect(within(rows[0]!).getByRole('link', { name: 'Everyday English' })).toHaveAttribute('href', '/creators/courses/0b6f3f0e-5d1e-4b7a-9a51-6a2f0b8e7c10');

    expect(rows[1]).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent("Moderator's reason: The second video has no sound.");
    expect(rows[1]).toHaveTextContent('No ratings yet');
    expect(rows[1]).toHaveTextContent('No sales yet');
    expect(rows[2]).toHaveTextContent('In review');
    expect(rows[3]).toHaveTextContent('Draft');
    expect(rows[4]).toHaveTextContent('Unpublished');
    expect(rows[4]).toHaveTextContent("Moderator's reason: A rights holder asked us to take it down.");
    expect(rows[5]).toHaveTextContent('Published');
    expect(rows[5]).toHaveTextContent('Changes in review');

    // The same facts as cards for narrow screens.
    const cards = within(screen.getByRole('list', { name: 'Your courses' })).getAllByRole('listitem');
    expect(cards).toHaveLength(6);
    expect(cards[1]).toHaveTextContent("Moderator's reason: The second video has no sound.");

    const headers = new Headers(fetch.mock.calls[0]![1]!.headers);
    expect(headers.get('x-parley-as')).toBe('creator');
  });

  it('explains how publishing works when there are no courses, and New course makes one and opens the editor', async () => {
    const fetch = mockFetch({
      'GET /api/creator/courses': () => json({ items: [], total: 0 }),
      'POST /api/creator/courses': () =>
        json({ _id: COURSE_ID, subject: 'IELTS', status: 'draft', versionId: 'v1', versionStatus: 'draft', rejectionReason: null, unpublishReason: null, savedAt: '2026-03-01T18:30:00.000Z', draft, media: [], problems: [] }),
    });
    renderDashboard();

    const empty = await screen.findByRole('heading', { name: 'No courses yet' });
    const section = empty.closest('section')!;
    expect(section).toHaveTextContent('Submit it for review');
    expect(section).toHaveTextContent('A moderator reviews every lesson');
    expect(section).toHaveTextContent('live in the catalogue');

    fireEvent.click(within(section).getByRole('button', { name: 'New course' }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    // An empty title is refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await within(dialog).findByText('Give the course a title.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'IELTS' } });
    fireEvent.change(within(dialog).getByLabelText('Course title'), { target: { value: '  IELTS Writing  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create course' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/creators/courses/${COURSE_ID}`));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ subject: 'IELTS', title: 'IELTS Writing' });
    expect(new Headers(post[1]!.headers).get('x-parley-client')).toBe('web');
  });

  it('shows the error with Try again', async () => {
    let failing = true;
    mockFetch({ 'GET /api/creator/courses': () => (failing ? json({ code: 'INTERNAL', message: 'boom' }, 500) : json({ items: [summary()], total: 1 })) });
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('boom');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Your courses/ })).toHaveTextContent('Everyday English');
  });

  it(`pages through the courses ${CREATOR_COURSES_PAGE_SIZE} at a time, the page in the address and the keyboard going on from the list`, async () => {
    const many = Array.from({ length: CREATOR_COURSES_PAGE_SIZE + 2 }, (_, i) => summary({ _id: `c${i}`, title: `Course ${i + 1}` }));
    const asked: string[] = [];
    mockFetch({
      'GET /api/creator/courses': (url) => {
        asked.push(url.search);
        const page = Number(url.searchParams.get('page'));
        return json({ items: many.slice((page - 1) * CREATOR_COURSES_PAGE_SIZE, page * CREATOR_COURSES_PAGE_SIZE), total: many.length });
      },
    });
    renderDashboard();
    const table = await screen.findByRole('table', { name: /Your courses/ });
    expect(within(table).getAllByRole('row')).toHaveLength(CREATOR_COURSES_PAGE_SIZE + 1);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText(`Course ${CREATOR_COURSES_PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Courses, page 2 of 2' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/creators/dashboard?page=2');
    expect(asked).toEqual([`?page=1&limit=${CREATOR_COURSES_PAGE_SIZE}`, `?page=2&limit=${CREATOR_COURSES_PAGE_SIZE}`]);
  });

  it('opens the last page for a page past the end (an old link), not an empty list', async () => {
    mockFetch({
      'GET /api/creator/courses': (url) => json({ items: url.searchParams.get('page') === '1' ? [summary()] : [], total: 1 }),
    });
    renderDashboard('/creators/dashboard?page=4');
    await waitFor(() => expect(screen.getByRole('table', { name: /Your courses/ })).toHaveTextContent('Everyday English'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/creators\/dashboard$/);
    expect(screen.queryByText('No courses yet')).not.toBeInTheDocument();
  });
});
