import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ieltsSubscription, userRecord } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { LearnerHomePage } from './learner-home-page';

const withSessions = (availableSession: number) =>
  userRecord({ activeSubscription: { ...ieltsSubscription(), subscriptionType: 'quick_learner_mode', availableSession, backlogSession: 0 } });

describe('LearnerHomePage', () => {
  it('greets the learner without presuming a return (the first visit comes right after sign-up)', () => {
    renderAt(<LearnerHomePage user={userRecord({ name: 'Frame Tester', activeSubscription: null })} upcoming={null} />, { route: '/learner' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Frame' })).toBeInTheDocument();
    expect(screen.queryByText(/back/i)).toBeNull();
  });

  it('says "1 session available", not "1 sessions"', () => {
    renderAt(<LearnerHomePage user={withSessions(1)} upcoming={null} />, { route: '/learner' });
    expect(screen.getByText('session available')).toBeInTheDocument();
    expect(screen.queryByText('sessions available')).toBeNull();
  });

  it('uses the plural for any other count', () => {
    renderAt(<LearnerHomePage user={withSessions(0)} upcoming={null} />, { route: '/learner' });
    expect(screen.getByText('sessions available')).toBeInTheDocument();
  });
});
