import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@parley/domain/live-sessions';
import { json, mockFetch, renderAt } from '../../../test/render';
import { lastFakeSocket } from '../../../test/fake-socket';
import { NotificationBell } from './notification-bell';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

afterEach(() => vi.unstubAllGlobals());

function notification(i: number, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: `00000000-0000-4000-8000-00000000000${i}`,
    kind: 'session_cancelled',
    title: `Session cancelled ${i}`,
    body: 'Your tutor cancelled the session. You get it back.',
    link: '/learner/session',
    readAt: null,
    // 10:00 in Kolkata on 12 March 2030.
    createdAt: new Date(Date.UTC(2030, 2, 12, 4, 30)).toISOString(),
    ...overrides,
  };
}

/** The server's side: the latest `limit` of the list, and reads that stick. */
function renderBell(items: Notification[], unread: number, route = '/') {
  let stored = { items, unread };
  const fetchMock = mockFetch({
    'GET /api/notifications': (url) => {
      const limit = Number(url.searchParams.get('limit'));
      return json({ items: stored.items.slice(0, limit), unread: stored.unread, hasMore: stored.items.length > limit });
    },
    'POST /api/notifications/read': async (_url, init) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids?: string[] };
      const readAt = new Date().toISOString();
      const next = stored.items.map((n) => (n.readAt === null && (!ids || ids.includes(n._id)) ? { ...n, readAt } : n));
      stored = { items: next, unread: next.filter((n) => n.readAt === null).length };
      return new Response(null, { status: 204 });
    },
  });
  const result = renderAt(
    <div>
      <button type="button">Elsewhere</button>
      <NotificationBell role="learner" timeZone="Asia/Kolkata" />
      <main>
        <h1>My sessions</h1>
      </main>
    </div>,
    { route },
  );
  return { ...result, fetchMock };
}

describe('NotificationBell', () => {
  it('says the unread count in its name and lists title, body, time in the user’s timezone and link', async () => {
    const user = userEvent.setup();
    renderBell([notification(1), notification(2, { readAt: '2030-03-12T05:00:00.000Z', link: null })], 3);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const items = within(panel).getAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: Session cancelled 1');
    expect(items[0]).toHaveTextContent('Your tutor cancelled the session. You get it back.');
    expect(items[0]).toHaveTextContent('Tue 12 Mar, 10:00 AM');
    expect(within(items[0]!).getByRole('link', { name: 'Session cancelled 1' })).toHaveAttribute('href', '/learner/session');
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });

  it('says a session time written in the zone the reader had then in their zone now', async () => {
    const user = userEvent.setup();
    renderBell([notification(1, { body: 'Ananya Iyer booked your English session for Sun, 6 Dec 2026, 7:00 AM (America/New_York).' })], 1);
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(await screen.findByText('Ananya Iyer booked your English session for Sun, 6 Dec 2026, 5:30 PM (Asia/Kolkata).')).toBeInTheDocument();
  });

  it('above 99 unread the badge reads 99+ and the name says the same (label in name)', async () => {
    renderBell([notification(1)], 150);
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell).toHaveTextContent('99+');
  });

  it('Mark all as read sends the request and clears the count, and keeps the focus with nothing left to mark', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBell([notification(1), notification(2)], 2);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/notifications/read') && init?.method === 'POST');
    expect(call).toBeDefined();
    expect(JSON.parse(String(call![1]!.body))).toEqual({});
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText(/Unread:/)).toBeNull();
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    // Marked unavailable, not disabled: a disabled button would drop the focus to the page.
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    expect(markAll).not.toHaveAttribute('disabled');
    expect(document.activeElement).toBe(markAll);
    // Said, as the button keeps the focus and only the bell's name changed.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Every notification is marked as read.');
    await user.click(markAll);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/notifications/read'))).toHaveLength(1);
  });

  it('following a notification’s link marks that one read', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBell([notification(1)], 1);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('link', { name: 'Session cancelled 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/learner/session'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/notifications/read'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ids: [notification(1)._id] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a link to the page already open closes the panel and gives the focus to the page’s heading, not to nothing', async () => {
    const user = userEvent.setup();
    renderBell([notification(1)], 1, '/learner/session');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('link', { name: 'Session cancelled 1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'My sessions' })).toHaveFocus();
  });

  it('a notification without a link has Mark as read of its own; once read, the focus stays on its item', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderBell([notification(1, { title: 'Your tutor did not join', link: null }), notification(2)], 2);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    // The one with a link is read by following it: no button of its own.
    expect(within(panel).getAllByRole('button', { name: /^Mark as read/ })).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Mark as read: Your tutor did not join' }));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/notifications/read'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ids: [notification(1)._id] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument());
    expect(within(panel).queryByRole('button', { name: /^Mark as read:/ })).toBeNull();
    expect(within(panel).getAllByTestId('notification')[0]).toHaveFocus();
    expect(panel).toBeInTheDocument();
  });

  it('Escape closes the panel and puts focus back on the bell; a click elsewhere closes it too', async () => {
    const user = userEvent.setup();
    renderBell([], 0);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(panel).toHaveFocus();
    expect(within(panel).getByText('No notifications yet.')).toBeInTheDocument();
    // Nothing to mark: no Mark all as read to Tab through.
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a pushed notification joins the list, raises the count and is announced politely', async () => {
    const user = userEvent.setup();
    renderBell([notification(1)], 1);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const socket = lastFakeSocket('learner');
    act(() => socket.serverEmit('notification', notification(2, { title: 'Reminder: session in 15 minutes' })));
    // The same notification twice (a redelivery) counts once.
    act(() => socket.serverEmit('notification', notification(2, { title: 'Reminder: session in 15 minutes' })));

    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByText('New notification: Reminder: session in 15 minutes')).toHaveAttribute('role', 'status');
    await user.click(bell);
    const items = within(screen.getByRole('dialog', { name: 'Notifications' })).getAllByTestId('notification');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual(['Unread: Reminder: session in 15 minutes', 'Unread: Session cancelled 1']);
  });

  it('Show older lists the 20 before, gives the first of them the focus, and goes once none are older', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 45 }, (_, i) => notification(i + 1, { title: `Notice ${i + 1}`, link: null }));
    const { fetchMock } = renderBell(many, 45);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 45 unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getAllByTestId('notification')).toHaveLength(20);

    await user.click(within(panel).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(panel).getAllByTestId('notification')).toHaveLength(40));
    expect(within(panel).getAllByTestId('notification')[20]).toHaveFocus();
    expect(within(panel).getAllByTestId('notification')[20]).toHaveTextContent('Notice 21');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('limit=40'))).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(panel).getAllByTestId('notification')).toHaveLength(45));
    expect(within(panel).getAllByTestId('notification')[40]).toHaveFocus();
    expect(within(panel).queryByRole('button', { name: 'Show older' })).toBeNull();

    // Closed and opened again, the panel lists the latest 20 again.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Notifications, 45 unread' }));
    expect(within(screen.getByRole('dialog', { name: 'Notifications' })).getAllByTestId('notification')).toHaveLength(20);
  });

  it('lists at most 100, then says Mark all as read reaches the older ones', async () => {
    const user = userEvent.setup();
    renderBell(Array.from({ length: 120 }, (_, i) => notification(i + 1, { title: `Notice ${i + 1}` })), 120);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 99+ unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    for (let shown = 40; shown <= 100; shown += 20) {
      await user.click(within(panel).getByRole('button', { name: 'Show older' }));
      await waitFor(() => expect(within(panel).getAllByTestId('notification')).toHaveLength(shown));
    }
    expect(within(panel).queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(panel).toHaveTextContent('The latest 100 are listed. Mark all as read reaches older ones too.');
  });

  it('asks for the list again when the server says notices were read elsewhere (a request answered in another tab, or expired)', async () => {
    const { fetchMock } = renderBell([notification(1)], 1);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const listAsks = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/notifications')).length;
    const before = listAsks();
    // Meanwhile the server marked it read.
    await fetch('/api/notifications/read', { method: 'POST', body: JSON.stringify({}) });
    act(() => lastFakeSocket('learner').serverEmit('notifications_read'));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(listAsks()).toBe(before + 2);
  });

  it('a role without a socket connection still gets its list (asked again every minute)', async () => {
    mockFetch({ 'GET /api/notifications': () => json({ items: [notification(1)], unread: 1, hasMore: false }) });
    renderAt(<NotificationBell role="moderator" />);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
