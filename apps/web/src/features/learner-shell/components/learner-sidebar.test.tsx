import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserRecord } from '@parley/domain/user';
import { ieltsSubscription, userRecord } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { LearnerSidebar } from './learner-sidebar';

function renderSidebar(user: UserRecord | null, { hasToken = true, hasPeerToken = false, route = '/learner' } = {}) {
  const onLogout = vi.fn();
  renderAt(<LearnerSidebar user={user} hasToken={hasToken} hasPeerToken={hasPeerToken} onLogout={onLogout} />, { route });
  return { onLogout, menu: screen.getByRole('navigation', { name: 'Learner menu' }) };
}

const link = (menu: HTMLElement, name: string) => within(menu).queryByRole('link', { name: new RegExp(`^\\W*${name}$`) });

describe('LearnerSidebar', () => {
  it('a regular learner has Book Session and Tutors, no Curriculum, no IELTS menu', () => {
    const { menu } = renderSidebar(userRecord());
    expect(link(menu, 'Book Session')).toHaveAttribute('href', '/learner/book-a-session');
    expect(link(menu, 'Tutors')).toHaveAttribute('href', '/learner/teachers');
    expect(link(menu, 'Curriculum')).toBeNull();
    expect(within(menu).queryByRole('region', { name: 'IELTS' })).toBeNull();
  });

  it('a new-curriculum learner loses Book Session and Tutors and gains Curriculum and Progress', () => {
    const { menu } = renderSidebar(userRecord({ isNewCurriculum: true }));
    expect(link(menu, 'Book Session')).toBeNull();
    expect(link(menu, 'Tutors')).toBeNull();
    expect(link(menu, 'Curriculum')).toHaveAttribute('href', '/curriculumNew');
    expect(link(menu, 'Progress')).toHaveAttribute('href', '/curriculumNew/progress');
  });

  it('a migrated learner loses Book Session and Tutors and gains Curriculum and Certificates', () => {
    const { menu } = renderSidebar(userRecord({ isMigratedToCurriculum: true }));
    expect(link(menu, 'Book Session')).toBeNull();
    expect(link(menu, 'Tutors')).toBeNull();
    expect(link(menu, 'Curriculum')).toHaveAttribute('href', '/learner/my-courses');
    expect(link(menu, 'Certificates')).toHaveAttribute('href', '/learner/certificates');
  });

  it('shows the IELTS menu when the active subscription covers IELTS', () => {
    const { menu } = renderSidebar(userRecord({ activeSubscription: ieltsSubscription() }));
    const ielts = within(menu).getByRole('region', { name: 'IELTS' });
    expect(within(ielts).getByRole('link', { name: /IELTS Dashboard/ })).toHaveAttribute('href', '/ielts/dashboard');
  });

  it('has no IELTS menu when the active subscription is for English only', () => {
    const { menu } = renderSidebar(userRecord({ activeSubscription: { ...ieltsSubscription(), subjects: ['English'] } }));
    expect(within(menu).queryByRole('region', { name: 'IELTS' })).toBeNull();
  });

  it('a PEER_TOKEN-only user sees only the peer menu: Dashboard, Past Calls, Profile, Plans and Logout', () => {
    const { menu, onLogout } = renderSidebar(null, { hasToken: false, hasPeerToken: true });
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual([
      ['Parley', '/peer-learning/dashboard'],
      ['Dashboard', '/peer-learning/dashboard'],
      ['Past Calls', '/peer-learning/calls'],
      ['Profile', '/peer-learning/profile'],
      ['Plans', '/peer-learning/subscription-plans'],
    ]);
    expect(link(menu, 'Book Session')).toBeNull();
    expect(link(menu, 'Wallet')).toBeNull();
    fireEvent.click(within(menu).getByRole('button', { name: /Logout/ }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('a learner who also practises reaches the peer pages from the Peer Learning group', () => {
    const { menu } = renderSidebar(userRecord({ isPeerActive: true }));
    const peer = within(menu).getByRole('region', { name: 'Peer Learning' });
    expect(link(peer, 'Peer Learning')).toHaveAttribute('href', '/peer-learning/dashboard');
    expect(link(peer, 'Past Calls')).toHaveAttribute('href', '/peer-learning/calls');
    expect(link(peer, 'Peer Profile')).toHaveAttribute('href', '/peer-learning/profile');
  });

  it('folds the groups a learner does not use, so the menu is short; Logout is always there', () => {
    const { menu } = renderSidebar(userRecord());
    const expanded = (name: string) => within(menu).getByRole('button', { name: new RegExp(`^${name}`) }).getAttribute('aria-expanded');
    expect(expanded('Spoken English')).toBe('true');
    expect(expanded('Plans & Wallet')).toBe('true');
    expect(expanded('Account')).toBe('true');
    // No kids, no peer practice, and courses are one click away.
    expect(expanded('Kids')).toBe('false');
    expect(expanded('Courses')).toBe('false');
    expect(expanded('Peer Learning')).toBe('false');
    expect(within(menu).getAllByRole('link').length).toBeLessThanOrEqual(12);
    expect(within(menu).getByRole('button', { name: /Logout/ })).toBeInTheDocument();
  });

  it('opens the groups a learner uses: kids for a parent, peer practice for a peer, and the group of the page shown', () => {
    setItem('CHILDREN', [{ _id: 'k1', name: 'Aarav', avatar: 'owl', dob: null, isDemoPayed: false, demoSessionBooked: [] }]);
    const { menu } = renderSidebar(userRecord({ isPeerActive: true }), { route: '/AICourses' });
    for (const name of ['Kids', 'Peer Learning', 'Courses']) expect(within(menu).getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-expanded', 'true');
    window.localStorage.removeItem('CHILDREN');
  });

  it('groups collapse and expand', () => {
    const { menu } = renderSidebar(userRecord());
    const toggle = within(menu).getByRole('button', { name: /Plans & Wallet/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(link(menu, 'Wallet')).not.toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(link(menu, 'Wallet')).toBeNull();
  });
});
