import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ieltsSubscription, userRecord } from '../../test/fixtures';
import { json, mockFetch, renderAt } from '../../test/render';
import { BookSessionWithTutorsPage } from './book-session-with-tutors-page';
import { TutorsWithBookingPage } from './tutors-with-booking-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

afterEach(() => vi.unstubAllGlobals());

const curriculumPlan = { ...ieltsSubscription(), subjects: ['Curriculum'], plan: { _id: 'plan-c', name: 'English Curriculum · Steady', classDuration: '25min' } };

const pages = [
  ['/learner/teachers', <TutorsWithBookingPage subject="English" />],
  ['/learner/book-a-session', <BookSessionWithTutorsPage subject="English" />],
] as const;

function landAt(route: string, page: React.ReactElement, user: ReturnType<typeof userRecord>) {
  mockFetch({ 'GET /api/auth/me': () => json({ user }), 'GET /api/teachers': () => json({ items: [] }) });
  renderAt(page, { route });
}

// Spec §2.9: new-curriculum and migrated learners lose the Book Session and Teachers entries; their addresses send them on too.
describe.each(pages)('%s for a curriculum learner', (route, page) => {
  it('a new-curriculum learner goes to their curriculum home', async () => {
    landAt(route, page, userRecord({ isNewCurriculum: true, activeSubscription: curriculumPlan }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/curriculumNew$/));
  });

  it('a new-curriculum learner without a curriculum plan goes to the plans', async () => {
    landAt(route, page, userRecord({ isNewCurriculum: true, activeSubscription: null }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/learner\/subscription-plans$/));
  });

  it('a migrated learner goes to their curriculum', async () => {
    landAt(route, page, userRecord({ isMigratedToCurriculum: true }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/learner\/my-courses$/));
  });

  it('any other learner stays', async () => {
    landAt(route, page, userRecord({}));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${route}$`));
  });
});
