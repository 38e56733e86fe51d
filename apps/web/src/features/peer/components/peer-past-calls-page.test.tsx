import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PeerPastCall } from '@parley/domain/peer';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { PeerPastCallsPage } from './peer-past-calls-page';

function pastCall(overrides: Partial<PeerPastCall> = {}): PeerPastCall {
  return {
    callId: 'c1',
    partnerName: 'Ravi Kumar',
    mode: 'video',
    topicTitle: 'Food from home',
    startedAt: '2030-03-04T09:30:00.000Z',
    endedAt: '2030-03-04T09:42:10.000Z',
    durationSeconds: 730,
    chargedMinutes: 13,
    endReason: 'hangup',
    myRating: 5,
    reported: false,
    ...overrides,
  };
}

beforeEach(() => {
  setItem('TOKEN', 'learner-handle');
  setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('PeerPastCallsPage', () => {
  it('says when there are no calls yet, with the way to have one', async () => {
    mockFetch({ 'GET /api/peer/calls': () => json({ items: [], total: 0 }) });
    renderAt(<PeerPastCallsPage />, { route: '/peer-learning/calls' });
    expect(await screen.findByRole('heading', { name: 'No calls yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practise now' })).toHaveAttribute('href', '/peer-learning/dashboard');
  });

  it('a matched call that never started says so, not "0 s", and cannot be rated', async () => {
    mockFetch({ 'GET /api/peer/calls': () => json({ items: [pastCall({ startedAt: null, durationSeconds: 0, chargedMinutes: 0, endReason: 'no-show', myRating: null })], total: 1 }) });
    renderAt(<PeerPastCallsPage />, { route: '/peer-learning/calls' });
    const card = (await screen.findByRole('heading', { name: 'Ravi Kumar' })).closest('article')!;
    expect(within(card).getByText('Did not start')).toBeInTheDocument();
    expect(within(card).getByText('0 minutes')).toBeInTheDocument();
    expect(within(card).queryByText(/\d\s?s$/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('group')).not.toBeInTheDocument();
  });

  it('a failed load says so, and Try again asks again', async () => {
    let fail = true;
    mockFetch({ 'GET /api/peer/calls': () => (fail ? json({ code: 'TOO_MANY_REQUESTS', message: 'Slow down a little.' }, 429) : json({ items: [pastCall()], total: 1 })) });
    const user = userEvent.setup();
    renderAt(<PeerPastCallsPage />, { route: '/peer-learning/calls' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down a little.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' })).toBeInTheDocument();
  });

  it('a call not reported yet can be reported from its card, once, with a reason; a no-show cannot', async () => {
    const reports: unknown[] = [];
    mockFetch({
      'GET /api/peer/calls': () => json({ items: [pastCall(), pastCall({ callId: 'c2', partnerName: 'Lena Fischer', endReason: 'no-show', startedAt: null, durationSeconds: 0, chargedMinutes: 0, myRating: null })], total: 2 }),
      'POST /api/peer/calls/c1/report': (_url, init) => {
        reports.push(JSON.parse(String(init?.body)));
        return json({ message: 'Thank you. A moderator will look at your report.' });
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerPastCallsPage />, { route: '/peer-learning/calls' });
    const ravi = (await screen.findByRole('heading', { name: 'Ravi Kumar' })).closest('article')!;
    const lena = screen.getByRole('heading', { name: 'Lena Fischer' }).closest('article')!;
    expect(within(lena).queryByRole('button', { name: /Report/ })).toBeNull();

    await user.click(within(ravi).getByRole('button', { name: 'Report Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Ravi Kumar' });
    await user.type(within(dialog).getByLabelText('What happened?'), 'Rude remarks about my accent.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toEqual([{ reason: 'Rude remarks about my accent.' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(ravi).getByText('Sent to the moderators')).toBeInTheDocument();
    expect(within(ravi).queryByRole('button', { name: 'Report Ravi Kumar' })).toBeNull();
    // The dialog and its button are gone: focus goes to the call's card.
    await waitFor(() => expect(ravi).toHaveFocus());
  });

  it('lists each call in the user’s timezone with duration, minutes and rating; an unrated call can be rated; pages', async () => {
    const asked: string[] = [];
    const rated: unknown[] = [];
    mockFetch({
      'GET /api/peer/calls': (url) => {
        asked.push(url.search);
        return url.searchParams.get('page') === '2'
          ? json({ items: [pastCall({ callId: 'c3', partnerName: 'Meera Pillai' })], total: 11 })
          : json({ items: [pastCall(), pastCall({ callId: 'c2', partnerName: 'Lena Fischer', mode: 'audio', myRating: null, durationSeconds: 45, chargedMinutes: 1 })], total: 11 });
      },
      'POST /api/peer/calls/c2/rating': (_url, init) => {
        rated.push(JSON.parse(String(init?.body)));
        return json({ stars: 3 });
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerPastCallsPage />, { route: '/peer-learning/calls' });

    const ravi = (await screen.findByRole('heading', { name: 'Ravi Kumar' })).closest('article')!;
    expect(within(ravi).getByText('4 Mar 2030, 3:00 PM')).toHaveAttribute('dateTime', '2030-03-04T09:30:00.000Z');
    expect(within(ravi).getByText('12 min 10 s')).toBeInTheDocument();
    expect(within(ravi).getByText('13 minutes')).toBeInTheDocument();
    expect(within(ravi).getByText('5 of 5 stars')).toBeInTheDocument();
    expect(within(ravi).queryByRole('group')).toBeNull();

    const lena = screen.getByRole('heading', { name: 'Lena Fischer' }).closest('article')!;
    expect(within(lena).getByText('Not rated')).toBeInTheDocument();
    expect(within(lena).getByText('1 minute')).toBeInTheDocument();
    await user.click(within(lena).getByRole('radio', { name: '3 stars' }));
    await user.click(within(lena).getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(within(lena).getByText('3 of 5 stars')).toBeInTheDocument());
    // The stars are gone with the focus they held: it goes to the call's card.
    await waitFor(() => expect(lena).toHaveFocus());
    expect(rated).toEqual([{ stars: 3 }]);

    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Meera Pillai' })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('?page=2&limit=10');
    expect(screen.getByTestId('location')).toHaveTextContent('/peer-learning/calls?page=2');
  });
});
