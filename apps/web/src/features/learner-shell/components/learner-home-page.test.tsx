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

  it('tells a learner without a plan that their trial is paid and to book it, then that it is booked', () => {
    const paid = renderAt(<LearnerHomePage user={userRecord({ activeSubscription: null, isDemoPayed: true, demoSessionBooked: [] })} upcoming={null} />, { route: '/learner' });
    expect(screen.getByTestId('trial-note')).toHaveTextContent('Your trial is paid. Pick a tutor and a time: your next booking is the demo.');
    expect(screen.getByRole('link', { name: 'Book your demo' })).toHaveAttribute('href', '/learner/book-a-session');
    paid.unmount();
    const booked = userRecord({ activeSubscription: null, isDemoPayed: true, demoSessionBooked: [{ subjects: ['English'] }] });
    const view = renderAt(<LearnerHomePage user={booked} upcoming={null} />, { route: '/learner' });
    expect(screen.getByTestId('trial-note')).toHaveTextContent('Your trial session is booked.');
    view.unmount();
    renderAt(<LearnerHomePage user={userRecord({ activeSubscription: null, isDemoPayed: false, demoSessionBooked: [{ subjects: ['English'] }] })} upcoming={null} />, { route: '/learner' });
    expect(screen.queryByTestId('trial-note')).toBeNull();
  });

  it('offers the trial to a learner without a plan or a demo (Book a session would only say Not subscribed!)', () => {
    renderAt(<LearnerHomePage user={userRecord({ activeSubscription: null, isDemoPayed: false, demoSessionBooked: [] })} upcoming={null} />, { route: '/learner' });
    expect(screen.getByTestId('trial-note')).toHaveTextContent('A trial session lets you meet a tutor before you choose a plan.');
    expect(screen.getByRole('link', { name: 'Book your trial' })).toHaveAttribute('href', '/book-demo');
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

  it('shows every live plan: one bought in another subject does not hide the first', () => {
    const ielts = { ...ieltsSubscription(), plan: { _id: 'plan-i', name: 'IELTS Band Booster', classDuration: '25min' } };
    const english = { ...ieltsSubscription(), _id: 'sub-2', subjects: ['English'], plan: { _id: 'plan-e', name: 'English Steady', classDuration: '15min' } };
    renderAt(<LearnerHomePage user={userRecord({ activeSubscription: ielts, activeSubscriptions: [ielts, english] })} upcoming={null} />, { route: '/learner' });
    expect(screen.getByRole('heading', { name: 'Your plans' })).toBeInTheDocument();
    expect(screen.getByText('IELTS Band Booster')).toBeInTheDocument();
    expect(screen.getByText('English Steady')).toBeInTheDocument();
  });

  it('sends an IELTS-only subscriber to the IELTS booking, not the English one that would refuse them', () => {
    renderAt(<LearnerHomePage user={withSessions(3)} upcoming={null} />, { route: '/learner' });
    expect(screen.getByRole('link', { name: 'Book an IELTS session' })).toHaveAttribute('href', '/ielts/book-a-session');
    expect(screen.queryByRole('link', { name: 'Book a session' })).toBeNull();
  });
});
