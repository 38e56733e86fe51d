import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../test/render';
import { userRecord } from '../../test/fixtures';
import { setItem } from '../../shared/lib/storage';
import { CreatorLayout, ModeratorLayout } from './area-layouts';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/fake-socket')).fakeIo }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const rejected = {
  _id: '00000000-0000-4000-8000-000000000001',
  kind: 'course_rejected',
  title: 'Course not approved',
  body: 'See the reason on your dashboard.',
  link: null,
  readAt: null,
  // 4:48 PM UTC: 10:18 PM in Kolkata, 8:48 AM in Los Angeles.
  createdAt: '2026-12-04T16:48:00.000Z',
};

async function bellTime() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  return within(screen.getByRole('dialog', { name: 'Notifications' })).getByText(/Dec/).textContent;
}

describe("an area's notification bell", () => {
  it("tells a creator's notices in the creator's zone, as the dashboard does", async () => {
    mockFetch({ 'GET /api/notifications': () => json({ items: [rejected], unread: 1, hasMore: false }) });
    setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
    renderAt(<CreatorLayout />);
    expect(await bellTime()).toBe('Fri 4 Dec, 10:18 PM');
  });

  it("tells a moderator's notices in the moderator's zone", async () => {
    mockFetch({ 'GET /api/notifications': () => json({ items: [rejected], unread: 1, hasMore: false }) });
    setItem('MODERATOR', userRecord({ timezone: 'America/Los_Angeles' }));
    renderAt(<ModeratorLayout />);
    expect(await bellTime()).toBe('Fri 4 Dec, 8:48 AM');
  });
});
