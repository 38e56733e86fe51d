import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { KidsSubjectOverviewPage } from './kids-subject-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const aarav = userRecord({ _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Aarav Rao', role: 'kid', avatar: 'lion' });

function open(balances: { subject: string; sessionsAvailable: number }[], sessions: unknown[] = [], kid = aarav) {
  setItem('TOKEN', 'parent');
  setItem('KID_TOKEN', 'kid');
  setItem('KID', kid);
  return mockFetch({
    'GET /api/auth/me': () => json({ user: kid }),
    [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: balances }),
    'GET /api/sessions': () => json({ items: sessions, total: sessions.length }),
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

  it('says when the kid’s paid demo is still to book (it is not among the sessions available)', async () => {
    open([], [], { ...aarav, isDemoPayed: true, demoSessionBooked: [] });
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/english', path: '/kids/:subject' });
    await waitFor(() => expect(screen.getByTestId('subject-sessions-available')).toHaveTextContent('0'));
    expect(screen.getByText('Plus the paid demo class, still to book.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a class: English' })).toBeInTheDocument();
  });

  it('says nothing of a demo once it is booked', async () => {
    open([], [], { ...aarav, isDemoPayed: true, demoSessionBooked: [{ subjects: ['English'] }] });
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/english', path: '/kids/:subject' });
    await waitFor(() => expect(screen.getByTestId('subject-sessions-available')).toHaveTextContent('0'));
    expect(screen.queryByText(/paid demo/)).toBeNull();
  });

  it('names the subject in the page title (both subjects share one route)', async () => {
    open([]);
    const english = renderAt(<KidsSubjectOverviewPage />, { route: '/kids/english', path: '/kids/:subject' });
    await waitFor(() => expect(document.title).toBe('English for kids · Parley'));
    english.unmount();
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/financial-education', path: '/kids/:subject' });
    await waitFor(() => expect(document.title).toBe('Financial Education for kids · Parley'));
  });

  it('has a Classes tab, and an AI Tutor tab marked Coming Soon that cannot be opened', async () => {
    open([]);
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/english', path: '/kids/:subject' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Classes', 'AI TutorComing Soon']);
    expect(screen.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
    const aiTutor = screen.getByRole('tab', { name: /AI Tutor/ });
    expect(aiTutor).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(aiTutor);
    expect(screen.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Classes' })).toHaveTextContent('See all English sessions');
  });

  it('lists the subject’s upcoming classes with their countdown, Join and Cancel, in the kid’s timezone', async () => {
    // 4:22 PM in Kolkata; the class is at 4:30 PM, and Join opens at 4:20 PM.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(Date.UTC(2030, 4, 13, 10, 52)) });
    const session = {
      _id: 's-7',
      subject: 'English',
      type: 'Demo',
      status: 'booked',
      startAt: '2030-05-13T11:00:00.000Z',
      endAt: '2030-05-13T11:25:00.000Z',
      forKids: true,
      teacher: { _id: 't-1', name: 'Ananya Iyer', image: '/api/assets/avatar/t-1.svg' },
      learner: { _id: aarav._id, name: 'Aarav Rao' },
    };
    open([{ subject: 'English', sessionsAvailable: 3 }], [session]);
    renderAt(<KidsSubjectOverviewPage />, { route: '/kids/english', path: '/kids/:subject' });
    const row = within(await screen.findByRole('list', { name: 'Upcoming classes' })).getByTestId('kid-class');
    expect(row).toHaveTextContent('Demo');
    expect(within(row).getByTestId('kid-class-countdown')).toHaveTextContent('Starts in 8 min');
    const inWords = 'English with Ananya Iyer on Mon, 13 May 2030 at 4:30 PM';
    expect(within(row).getByRole('link', { name: `Join ${inWords}` })).toHaveAttribute('href', '/meeting?session=s-7');
    expect(within(row).getByRole('button', { name: `Cancel ${inWords}` })).toHaveAttribute('aria-haspopup', 'dialog');
  });
});
