import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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

  it('any other learner stays on the home page', async () => {
    landAt(userRecord({ activeSubscription: curriculumPlan }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/learner$/);
  });
});
