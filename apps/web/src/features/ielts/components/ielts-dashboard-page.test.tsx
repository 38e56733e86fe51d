import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ieltsSubscription, userRecord } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { IeltsDashboardPage } from './ielts-dashboard-page';

const upcoming = <section aria-label="Upcoming IELTS sessions" />;

describe('IeltsDashboardPage', () => {
  it('shows the IELTS plan’s sessions left, the demo state and the next sessions', () => {
    renderAt(<IeltsDashboardPage user={userRecord({ activeSubscription: ieltsSubscription(), isIELTSDemoPayed: true, demoSessionBooked: [{ subjects: ['IELTS'] }] })} upcoming={upcoming} />, { route: '/ielts/dashboard' });
    const plan = screen.getByRole('article', { name: 'Your IELTS plan' });
    // quick_learner_mode: 4 available + 1 backlog.
    expect(within(plan).getByTestId('ielts-sessions-left')).toHaveTextContent('5');
    expect(within(plan).getByText('IELTS Quick')).toBeInTheDocument();
    expect(screen.getByTestId('ielts-demo-status')).toHaveTextContent('Your IELTS demo is booked.');
    expect(screen.getByRole('region', { name: 'Upcoming IELTS sessions' })).toBeInTheDocument();
  });

  it('a weekly plan: this week’s sessions and the backlog available now, and what the plan holds in all, as the plans page counts it', () => {
    const weekly = { ...ieltsSubscription(), subscriptionType: 'weekly', availableSession: 14, availableWeeklySession: 4, backlogSession: 1 };
    renderAt(<IeltsDashboardPage user={userRecord({ activeSubscription: weekly })} upcoming={null} />, { route: '/ielts/dashboard' });
    const plan = screen.getByRole('article', { name: 'Your IELTS plan' });
    expect(within(plan).getByTestId('ielts-sessions-left')).toHaveTextContent('5');
    expect(plan).toHaveTextContent('sessions available');
    expect(plan).toHaveTextContent('15 left on the plan, given week by week');
  });

  it('a subscriber who has not taken the demo is not sold one', () => {
    renderAt(<IeltsDashboardPage user={userRecord({ activeSubscription: ieltsSubscription() })} upcoming={null} />, { route: '/ielts/dashboard' });
    expect(screen.getByRole('article', { name: 'Your IELTS plan' })).not.toHaveTextContent('left on the plan');
    expect(screen.queryByRole('article', { name: 'Demo session' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book a demo' })).toBeNull();
  });

  it('without an IELTS plan: points to the IELTS plans; a paid demo not yet booked: points to booking it', () => {
    renderAt(<IeltsDashboardPage user={userRecord({ activeSubscription: { ...ieltsSubscription(), subjects: ['English'] }, isIELTSDemoPayed: true })} upcoming={null} />, { route: '/ielts/dashboard' });
    expect(screen.getByRole('link', { name: 'See IELTS plans' })).toHaveAttribute('href', '/ielts/subscription-plans');
    expect(screen.queryByTestId('ielts-sessions-left')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book your demo' })).toHaveAttribute('href', '/ielts/book-a-session');
  });

  it('no demo yet: offers one; while the user loads: a loading state', () => {
    const { unmount } = renderAt(<IeltsDashboardPage user={userRecord()} upcoming={null} />, { route: '/ielts/dashboard' });
    expect(screen.getByRole('link', { name: 'Book a demo' })).toHaveAttribute('href', '/book-demo?subject=IELTS');
    unmount();
    renderAt(<IeltsDashboardPage user={null} upcoming={null} />, { route: '/ielts/dashboard' });
    expect(screen.getByRole('status', { name: 'Loading your IELTS plan' })).toBeInTheDocument();
  });

  it('shows the band goal and test date from the profile, or how to set them', () => {
    const { unmount } = renderAt(<IeltsDashboardPage user={userRecord({ ieltsBandGoal: 7.5, ieltsTestDate: '2099-08-14' })} upcoming={null} />, { route: '/ielts/dashboard' });
    const goal = screen.getByTestId('ielts-goal');
    expect(goal).toHaveTextContent('Band7.5');
    expect(goal).toHaveTextContent('14 Aug 2099');
    expect(goal).toHaveTextContent(/in [\d,]+ days/);
    expect(screen.getByRole('link', { name: 'Change your goal' })).toHaveAttribute('href', '/user/profile');
    unmount();
    renderAt(<IeltsDashboardPage user={userRecord()} upcoming={null} />, { route: '/ielts/dashboard' });
    expect(screen.queryByTestId('ielts-goal')).toBeNull();
    expect(screen.getByRole('link', { name: 'Set your band goal and test date' })).toHaveAttribute('href', '/user/profile');
  });
});
