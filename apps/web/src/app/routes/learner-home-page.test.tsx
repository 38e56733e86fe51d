import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ieltsSubscription, userRecord } from '../../test/fixtures';
import { json, mockFetch, renderAt } from '../../test/render';
import { LearnerHomeRoutePage } from './learner-home-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

afterEach(() => vi.unstubAllGlobals());

const curriculumPlan = { ...ieltsSubscription(), subjects: ['Curriculum'], plan: { _id: 'plan-c', name: 'English Curriculum · Steady', classDuration: '25min' } };

function landAt(user: ReturnType<typeof userRecord>) {
  mockFetch({ 'GET /api/auth/me': () => json({ user }) });
  renderAt(<LearnerHomeRoutePage />, { route: '/learner' });
}

describe('/learner landing (curriculumHome)', () => {
  it('a new-curriculum learner with a curriculum plan goes to /curriculumNew', async () => {
    landAt(userRecord({ isNewCurriculum: true, activeSubscription: curriculumPlan }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/curriculumNew$/));
  });

  it.each([
    ['no plan', null],
    ['a plan without the curriculum', ieltsSubscription()],
  ])('a new-curriculum learner with %s goes to /learner/subscription-plans', async (_, activeSubscription) => {
    landAt(userRecord({ isNewCurriculum: true, activeSubscription }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/learner\/subscription-plans$/));
  });

  it('an IELTS-only learner with no upcoming session is offered the IELTS booking, not the English one that would refuse them', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ activeSubscription: ieltsSubscription() }) }), 'GET /api/sessions': () => json({ items: [], total: 0 }) });
    renderAt(<LearnerHomeRoutePage />, { route: '/learner' });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming sessions' });
    expect(await within(upcoming).findByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/ielts/book-a-session');
  });

  it('any other learner stays on the home page', async () => {
    landAt(userRecord({ activeSubscription: curriculumPlan }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/learner$/);
  });
});
