import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { userRecord } from '../../test/fixtures';
import { json, mockFetch, renderAt } from '../../test/render';
import { setItem } from '../../shared/lib/storage';
import { LearnerLayout, skipsShell } from './learner-layout';

afterEach(() => vi.unstubAllGlobals());

function renderLayout(route: string) {
  mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord() }) });
  renderAt(
    <></>,
    {
      route,
      path: '/__unused',
      extra: (
        <Route element={<LearnerLayout />}>
          <Route path="/learner" element={<h1>learner page</h1>} />
          <Route path="/AICourses/:id" element={<h1>course page</h1>} />
        </Route>
      ),
    },
  );
}

describe('private learner layout', () => {
  it('skips the shell when isSubscribed=false or on /AICourses/{id}', () => {
    expect(skipsShell('/learner', new URLSearchParams('isSubscribed=false'))).toBe(true);
    expect(skipsShell('/AICourses/42', new URLSearchParams())).toBe(true);
    expect(skipsShell('/AICourses', new URLSearchParams())).toBe(false);
    expect(skipsShell('/learner', new URLSearchParams('isSubscribed=true'))).toBe(false);
  });

  it('shows the sidebar and tab bar on /learner', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    renderLayout('/learner');
    expect(await screen.findByRole('heading', { name: 'learner page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Learner menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
  });

  it('renders the page alone with isSubscribed=false', async () => {
    setItem('TOKEN', 'h');
    renderLayout('/learner?isSubscribed=false');
    expect(await screen.findByRole('heading', { name: 'learner page' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Learner menu' })).not.toBeInTheDocument();
  });

  it('completeness guard: the completion prompt shows for an incomplete learner only, the page always', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord({ phoneNumber: null }));
    renderLayout('/learner');
    expect(await screen.findByRole('heading', { name: 'learner page' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Complete your profile' })).toBeInTheDocument();
  });

  it('completeness guard: a complete learner sees the page and no prompt', async () => {
    const complete = userRecord({ phoneNumber: '+91 98200 12345', dob: '1996-04-12', isPhoneNumberVerified: true });
    setItem('TOKEN', 'h');
    setItem('USER', complete);
    mockFetch({ 'GET /api/auth/me': () => json({ user: complete }) });
    renderAt(<></>, { route: '/learner', path: '/__unused', extra: <Route element={<LearnerLayout />}><Route path="/learner" element={<h1>learner page</h1>} /></Route> });
    expect(await screen.findByRole('heading', { name: 'learner page' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument();
  });

  it('renders /AICourses/{id} without the shell', async () => {
    setItem('TOKEN', 'h');
    renderLayout('/AICourses/42');
    expect(await screen.findByRole('heading', { name: 'course page' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Learner menu' })).not.toBeInTheDocument();
  });
});
