import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { DevOutboxPage } from './dev-outbox-page';

const message = (n: number, to = 'friend@example.com') => ({
  _id: `m${n}`,
  channel: 'mail',
  to,
  subject: `Subject ${n}`,
  text: `Hello,\nRedeem your course at http://localhost:3000/courses/gift/CODE${n}.\nThanks`,
  status: n === 1 ? 'kept' : 'sent',
  createdAt: '2026-03-01T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('/dev/outbox', () => {
  it('shows a text message by its number, with its code', async () => {
    mockFetch({ 'GET /api/dev/outbox': () => json({ items: [{ _id: 's1', channel: 'sms', to: '+91 98200 12345', subject: '', text: '482913 is your Parley code.', status: 'kept', createdAt: '2026-03-01T10:00:00.000Z' }] }) });
    renderAt(<DevOutboxPage />, { route: '/dev/outbox' });
    const items = within(await screen.findByRole('list', { name: 'Messages, newest first' })).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('heading', { level: 3, name: 'Text message to +91 98200 12345' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('482913 is your Parley code.');
  });

  it('says what it is and lists each message with its address, time and body, links clickable', async () => {
    mockFetch({ 'GET /api/dev/outbox': () => json({ items: [message(1), message(2, 'other@example.com')] }) });
    renderAt(<DevOutboxPage />, { route: '/dev/outbox' });
    expect(screen.getByRole('heading', { level: 1, name: 'Development outbox' })).toBeInTheDocument();
    expect(screen.getByText(/not a real inbox/)).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Messages, newest first' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { level: 3, name: 'Subject 1' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('friend@example.com');
    expect(items[0]).toHaveTextContent('Kept here (not sent)');
    expect(items[1]).toHaveTextContent('Sent');
    expect(within(items[0]!).getByRole('time')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
    const link = within(items[0]!).getByRole('link', { name: 'http://localhost:3000/courses/gift/CODE1' });
    expect(link).toHaveAttribute('href', 'http://localhost:3000/courses/gift/CODE1');
    expect(link.closest('pre')).toHaveTextContent('Redeem your course at http://localhost:3000/courses/gift/CODE1. Thanks');
    expect(screen.getByText('2 messages')).toBeInTheDocument();
  });

  it('filters by recipient address and shows all again', async () => {
    const fetch = mockFetch({
      'GET /api/dev/outbox': (url) => json({ items: url.searchParams.get('to') ? [message(3, 'pick@example.com')] : [message(1), message(2)] }),
    });
    renderAt(<DevOutboxPage />, { route: '/dev/outbox' });
    await screen.findByText('2 messages');
    fireEvent.change(screen.getByLabelText('Recipient e-mail address or phone number'), { target: { value: ' pick@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('1 message to pick@example.com')).toBeInTheDocument();
    expect(fetch.mock.calls.at(-1)![0]).toBe('/api/dev/outbox?to=pick%40example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText('2 messages')).toBeInTheDocument();
    expect(screen.getByLabelText('Recipient e-mail address or phone number')).toHaveValue('');
  });

  it('says when nothing was queued', async () => {
    mockFetch({ 'GET /api/dev/outbox': () => json({ items: [] }) });
    renderAt(<DevOutboxPage />, { route: '/dev/outbox?to=nobody@example.com' });
    expect(await screen.findByRole('heading', { name: 'No messages' })).toBeInTheDocument();
    expect(screen.getByText('Nothing has been queued for nobody@example.com yet.')).toBeInTheDocument();
  });

  it('explains a production server has no outbox, and offers a retry for other failures', async () => {
    mockFetch({});
    const { unmount } = renderAt(<DevOutboxPage />, { route: '/dev/outbox' });
    expect(await screen.findByRole('heading', { name: 'No development outbox here' })).toBeInTheDocument();
    unmount();

    let calls = 0;
    mockFetch({ 'GET /api/dev/outbox': () => (++calls === 1 ? json({ code: 'BAD_REQUEST', message: 'to: Invalid email address' }, 400) : json({ items: [message(1)] })) });
    renderAt(<DevOutboxPage />, { route: '/dev/outbox' });
    expect(await screen.findByRole('alert')).toHaveTextContent('to: Invalid email address');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 message')).toBeInTheDocument();
  });
});
