import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionItem } from '@parley/domain/booking';
import { json, mockFetch, renderAt } from '../../../test/render';
import { SessionList, UpcomingSessionsPreview } from './session-list';

const ownerId = '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11';

function session(i: number, overrides: Partial<SessionItem> = {}): SessionItem {
  return {
    _id: `s-${i}`,
    subject: 'English',
    type: 'Regular',
    status: 'booked',
    // 10:00–10:15 in Kolkata on 12 March 2030, then a day later each.
    startAt: new Date(Date.UTC(2030, 2, 12 + i, 4, 30)).toISOString(),
    endAt: new Date(Date.UTC(2030, 2, 12 + i, 4, 45)).toISOString(),
    forKids: false,
    teacher: { _id: 't-1', name: 'Ananya Iyer', image: '/a.svg' },
    learner: { _id: ownerId, name: 'Rohan Sharma' },
    ...overrides,
  };
}

function renderList(total = 1, items = [session(0, { type: 'Demo' })]) {
  const fetchMock = mockFetch({ 'GET /api/sessions': () => json({ items, total }) });
  const result = renderAt(<SessionList as="learner" ownerId={ownerId} subject="English" timeZone="Asia/Kolkata" bookPath="/learner/book-a-session" />, {
    route: '/learner/session',
  });
  const lastQuery = () => Object.fromEntries(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams);
  return { ...result, fetchMock, lastQuery };
}

describe('SessionList: upcoming and past, 10 a page', () => {
  it('shows tutor, subject, type, date and time in the viewer’s timezone', async () => {
    const { lastQuery } = renderList();
    const row = await screen.findByTestId('session-row');
    expect(row).toHaveTextContent('Ananya Iyer');
    expect(row).toHaveTextContent('English');
    expect(row).toHaveTextContent('Demo');
    expect(row).toHaveTextContent('Tue, 12 Mar 2030');
    expect(row).toHaveTextContent('10:00 AM – 10:15 AM');
    expect(lastQuery()).toEqual({ page: '1', limit: '10', when: 'upcoming', subject: 'English' });
  });

  it('switches to Past sessions', async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderList();
    await screen.findByTestId('session-row');
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    expect(lastQuery()).toMatchObject({ when: 'past', page: '1' });
  });

  it('Upcoming and Past are tabs: one Tab stop, arrows and Home/End switch, aria-controls resolve', async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderList();
    const row = await screen.findByTestId('session-row');
    const tabs = within(screen.getByRole('tablist', { name: 'Sessions' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Upcoming', 'Past']);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toContainElement(row);

    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0]);
    expect(lastQuery()).toMatchObject({ when: 'past', page: '1' });
    expect(await screen.findByRole('tabpanel', { name: 'Past' })).toContainElement(await screen.findByTestId('session-row'));

    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    expect(lastQuery()).toMatchObject({ when: 'upcoming', page: '1' });
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toBeVisible();
  });

  it('pages through 10 sessions at a time', async () => {
    const user = userEvent.setup();
    const { lastQuery } = renderList(23, Array.from({ length: 10 }, (_, i) => session(i)));
    await screen.findAllByTestId('session-row');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(lastQuery()).toMatchObject({ page: '2', limit: '10' });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3');
  });

  it('offers booking when nothing is upcoming', async () => {
    renderList(0, []);
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/learner/book-a-session');
  });
});

describe('UpcomingSessionsPreview (learner home)', () => {
  const renderPreview = (total: number, items: SessionItem[]) => {
    mockFetch({ 'GET /api/sessions': () => json({ items, total }) });
    return renderAt(<UpcomingSessionsPreview ownerId={ownerId} timeZone="Asia/Kolkata" sessionsPath="/learner/session" bookPath="/learner/book-a-session" />, {
      route: '/learner',
    });
  };

  it('shows the next 3 sessions and links to all of them', async () => {
    renderPreview(7, Array.from({ length: 7 }, (_, i) => session(i)));
    const list = await screen.findByRole('list', { name: 'Upcoming sessions' });
    expect(within(list).getAllByTestId('session-row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'See all sessions (7)' })).toHaveAttribute('href', '/learner/session');
  });

  it('offers to book when nothing is coming up', async () => {
    renderPreview(0, []);
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/learner/book-a-session');
    expect(screen.queryByRole('link', { name: /See all sessions/ })).toBeNull();
  });
});
