import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { KidsSubjectOverviewPage } from './kids-subject-page';

afterEach(() => vi.unstubAllGlobals());

const aarav = userRecord({ _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Aarav Rao', role: 'kid', avatar: 'lion' });

function open(balances: { subject: string; sessionsAvailable: number }[]) {
  setItem('TOKEN', 'parent');
  setItem('KID_TOKEN', 'kid');
  setItem('KID', aarav);
  return mockFetch({
    'GET /api/auth/me': () => json({ user: aarav }),
    [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: balances }),
    'GET /api/sessions': () => json({ items: [], total: 0 }),
  });
}

describe('/kids/{subject}', () => {
  it('shows the subject’s sessions available and links to its sessions, buy sessions and referral pages', async () => {
    const fetchMock = open([{ subject: 'English', sessionsAvailable: 3 }]);
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/english', path: '/kids/:subject' });
    expect(screen.getByRole('heading', { level: 1, name: 'English' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('subject-sessions-available')).toHaveTextContent('3'));
    expect(screen.getByRole('link', { name: 'Book a class: English' })).toHaveAttribute('href', '/kids/book-a-session?subject=english');
    const links = screen.getByRole('navigation', { name: 'English links' });
    expect(links.querySelector('a[href="/kids/english/session"]')).not.toBeNull();
    expect(links.querySelector('a[href="/kids/english/buy-sessions"]')).not.toBeNull();
    expect(links.querySelector('a[href="/kids/english/referral"]')).not.toBeNull();
    await screen.findByText('No upcoming English classes for Aarav Rao.');
    const sessionsCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/sessions'))!;
    expect(String(sessionsCall[0])).toContain('subject=English');
  });

  it('offers Buy sessions for a subject with none', async () => {
    open([{ subject: 'English', sessionsAvailable: 3 }]);
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/financial-education', path: '/kids/:subject' });
    await waitFor(() => expect(screen.getByTestId('subject-sessions-available')).toHaveTextContent('0'));
    expect(screen.getByRole('link', { name: 'Buy sessions: Financial Education' })).toHaveAttribute('href', '/kids/financial-education/buy-sessions');
  });

  it('has Classes, Practice and Library tabs, and an AI Tutor tab marked Coming Soon that cannot be opened', async () => {
    open([]);
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/english', path: '/kids/:subject' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Classes', 'Practice', 'Library', 'AI TutorComing Soon']);
    expect(screen.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
    const aiTutor = screen.getByRole('tab', { name: /AI Tutor/ });
    expect(aiTutor).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(aiTutor);
    expect(screen.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Library' }));
    expect(screen.getByRole('tab', { name: 'Library' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('There are no English videos in the library yet.');
    expect(screen.getByTestId('location')).toHaveTextContent('/kids/english?tab=library');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Library' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Practice' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Practice' })).toHaveFocus();
  });
});
