import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { peerSlotTexts, type PeerOpenSlot, type PeerSlot } from '@parley/domain/peer-slots';
import { zonedWallTimeToInstant } from '@parley/domain/zoned-time';
import { lastFakeSocket } from '../../../test/fake-socket';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { PEER_SLOTS_REFRESH_MS } from '../api/get-peer-slots';
import { ScheduledPractice } from './scheduled-practice';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const MIN = 60_000;
const SLOT_SOON = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const SLOT_LATER = '2b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const SLOT_OPEN = '3b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const CALL_ID = '4b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const quarter = (ms: number) => new Date(Math.ceil(ms / (15 * MIN)) * 15 * MIN);

/** An open time of Meera Iyer's, a day ahead. */
function openSlot(): PeerOpenSlot {
  const startAt = quarter(Date.now() + 26 * 60 * MIN);
  return {
    _id: SLOT_OPEN,
    startAt: startAt.toISOString(),
    endAt: new Date(startAt.getTime() + 15 * MIN).toISOString(),
    lengthMin: 15,
    mode: 'video',
    host: { name: 'Meera Iyer', level: 'B1', firstLanguage: 'Malayalam' },
  };
}

function mine(id: string, startAt: Date, overrides: Partial<PeerSlot> = {}): PeerSlot {
  return {
    _id: id,
    startAt: startAt.toISOString(),
    endAt: new Date(startAt.getTime() + 30 * MIN).toISOString(),
    lengthMin: 30,
    mode: 'audio',
    status: 'booked',
    role: 'host',
    partner: { name: 'Ravi Kumar', level: 'B2', firstLanguage: 'Tamil' },
    callId: null,
    ...overrides,
  };
}

beforeEach(() => {
  setItem('TOKEN', 'learner-handle');
  setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('ScheduledPractice', () => {
  it('shows a booking or a cancellation by the partner as it happens, from the notification the server pushes', async () => {
    const later = quarter(Date.now() + 3 * 60 * MIN);
    let booked = false;
    mockFetch({
      'GET /api/peer/slots': () => json({ mine: [booked ? mine(SLOT_LATER, later) : mine(SLOT_LATER, later, { status: 'open', partner: null })], open: [] }),
    });
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" />, { route: '/peer-learning/dashboard' });
    expect(await screen.findByText(/waiting for someone to book it/)).toBeInTheDocument();
    booked = true;
    const notice = { _id: 'n1', title: 'Your practice time is booked', body: 'Ravi Kumar booked your practice time.', link: null, readAt: null, createdAt: new Date().toISOString() };
    // Other news leaves the list alone; practice-time news asks for it again.
    act(() => lastFakeSocket('learner').serverEmit('notification', { ...notice, kind: 'session_booked' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(/waiting for someone to book it/)).toBeInTheDocument();
    act(() => lastFakeSocket('learner').serverEmit('notification', { ...notice, kind: 'peer_slot_booked' }));
    expect(await screen.findByText(/with Ravi Kumar \(B2\)/)).toBeInTheDocument();
  });

  it('shows times other peers publish, and drops those others book, within a minute without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let open: PeerOpenSlot[] = [];
    mockFetch({ 'GET /api/peer/slots': () => json({ mine: [], open }) });
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" />, { route: '/peer-learning/dashboard' });
    expect(await screen.findByText(/No open times from peers near your level right now/)).toBeInTheDocument();
    open = [openSlot()];
    await act(() => vi.advanceTimersByTimeAsync(PEER_SLOTS_REFRESH_MS));
    expect(await screen.findByText(/Meera Iyer/)).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('lists upcoming times: Join works only from 5 minutes before and opens the slot’s call; Cancel before the start', async () => {
    const now = Date.now();
    const soon = new Date(now + 2 * MIN);
    const later = quarter(now + 3 * 60 * MIN);
    const cancelled: string[] = [];
    mockFetch({
      'GET /api/peer/slots': () => json({ mine: [mine(SLOT_SOON, soon), mine(SLOT_LATER, later, { status: 'open', partner: null })], open: [] }),
      [`POST /api/peer/slots/${SLOT_SOON}/join`]: () => json({ callId: CALL_ID }),
      [`POST /api/peer/slots/${SLOT_LATER}/cancel`]: () => {
        cancelled.push(SLOT_LATER);
        return json({ message: 'The practice time is cancelled.' });
      },
    });
    const user = userEvent.setup();
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => `/peer-learning/call?call=${id}`} />, { route: '/peer-learning/dashboard' });

    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('with Ravi Kumar (B2)');
    expect(items[1]).toHaveTextContent('waiting for someone to book it');
    // Nobody booked the later one: no Join, only Cancel.
    expect(within(items[1]!).queryByRole('button', { name: /^Join the practice time on / })).toBeNull();
    await user.click(within(items[1]!).getByRole('button', { name: /Cancel the practice time/ }));
    // It asks first, and says what happens.
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this practice time?' });
    expect(dialog).toHaveTextContent('Nobody has booked it yet. It comes off the list, so nobody can book it.');
    expect(cancelled).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the practice time' }));
    await waitFor(() => expect(cancelled).toEqual([SLOT_LATER]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(items[0]!).getByRole('button', { name: /^Join the practice time on / }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/peer-learning/call?call=${CALL_ID}`));
  });

  it('cancelling a booked time asks first and says the partner is told; Keep it cancels nothing', async () => {
    const later = quarter(Date.now() + 3 * 60 * MIN);
    const cancelled: string[] = [];
    mockFetch({
      'GET /api/peer/slots': () => json({ mine: [...(cancelled.length ? [] : [mine(SLOT_LATER, later)]), mine(SLOT_SOON, quarter(Date.now() + 5 * 60 * MIN), { role: 'guest' })], open: [] }),
      [`POST /api/peer/slots/${SLOT_LATER}/cancel`]: () => {
        cancelled.push(SLOT_LATER);
        return json({ message: 'The practice time is cancelled.' });
      },
    });
    const user = userEvent.setup();
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });
    const items = await screen.findAllByRole('listitem');

    await user.click(within(items[0]!).getByRole('button', { name: /Cancel the practice time/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this practice time?' });
    expect(dialog).toHaveTextContent('30 min with Ravi Kumar. Ravi Kumar is told that it is cancelled.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancelled).toEqual([]);

    // A booking of someone else's time goes back to them.
    await user.click(within(items[1]!).getByRole('button', { name: /Cancel the practice time/ }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this practice time?' });
    expect(dialog).toHaveTextContent('Ravi Kumar is told, and the time opens again for others to book.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(items[0]!).getByRole('button', { name: /Cancel the practice time/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the practice time' }));
    await waitFor(() => expect(cancelled).toEqual([SLOT_LATER]));
    // The cancelled time and its Cancel leave the list: the focus goes to the list's heading, not to the page.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Your practice times' })).toHaveFocus();
  });

  it('a kid’s time: the parent is told the other kid and their parent hear of it', async () => {
    const KID = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const later = quarter(Date.now() + 3 * 60 * MIN);
    const cancelled: string[] = [];
    mockFetch({
      [`GET /api/kid-peer/kids/${KID}/slots`]: () => json({ mine: [mine(SLOT_LATER, later, { partner: { name: 'Meera', level: 'A2', firstLanguage: 'Hindi' } })], open: [] }),
      [`POST /api/kid-peer/kids/${KID}/slots/${SLOT_LATER}/cancel`]: () => {
        cancelled.push(SLOT_LATER);
        return json({ message: 'The practice time is cancelled.' });
      },
    });
    const user = userEvent.setup();
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" owner={{ kidId: KID }} />, { route: '/kid-peer/dashboard' });
    await user.click(await screen.findByRole('button', { name: /Cancel the practice time/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this practice time?' });
    expect(dialog).toHaveTextContent('Meera and their parent are told that it is cancelled.');
    expect(cancelled).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the practice time' }));
    await waitFor(() => expect(cancelled).toEqual([SLOT_LATER]));
  });

  it('a booked time more than 5 minutes away has Join off, and says when it opens', async () => {
    const later = quarter(Date.now() + 2 * 60 * MIN);
    mockFetch({ 'GET /api/peer/slots': () => json({ mine: [mine(SLOT_LATER, later)], open: [] }) });
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });
    const join = await screen.findByRole('button', { name: /^Join the practice time on / });
    expect(join).toHaveAttribute('aria-disabled', 'true');
    // Which time it joins, and when it opens, are the button's own name and description.
    expect(join).toHaveAccessibleName(`Join the practice time on ${screen.getByRole('time').textContent}`);
    expect(join).toHaveAccessibleDescription(/^Join opens at /);
  });

  it('books an open time, and publishes one at the chosen day and quarter hour in the viewer’s timezone', async () => {
    const open = openSlot();
    const booked: string[] = [];
    const published: unknown[] = [];
    mockFetch({
      'GET /api/peer/slots': () => json({ mine: [], open: [open] }),
      [`POST /api/peer/slots/${SLOT_OPEN}/book`]: () => {
        booked.push(SLOT_OPEN);
        return json(mine(SLOT_OPEN, new Date(open.startAt), { role: 'guest', lengthMin: 15 }));
      },
      'POST /api/peer/slots': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { startAt: string };
        published.push(body);
        return json(mine(SLOT_LATER, new Date(body.startAt), { status: 'open', partner: null }));
      },
    });
    const user = userEvent.setup();
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });

    await user.click(await screen.findByRole('button', { name: /Book Meera Iyer’s time/ }));
    await waitFor(() => expect(booked).toEqual([SLOT_OPEN]));

    const day = (screen.getByLabelText('Day') as HTMLInputElement).min;
    const tomorrow = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * MIN).toISOString().slice(0, 10);
    await user.clear(screen.getByLabelText('Day'));
    await user.type(screen.getByLabelText('Day'), tomorrow);
    await user.selectOptions(screen.getByLabelText('Start'), String(18 * 60 + 45));
    await user.selectOptions(screen.getByLabelText('Length'), '45');
    await user.selectOptions(screen.getByLabelText('Call'), 'audio');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]).toEqual({ startAt: zonedWallTimeToInstant(tomorrow, 18 * 60 + 45, 'Asia/Kolkata').toISOString(), lengthMin: 45, mode: 'audio' });
  });

  it('a double click books once and publishes once, each answered with its own success', async () => {
    const open = openSlot();
    let booked = 0;
    let published = 0;
    mockFetch({
      'GET /api/peer/slots': () => json({ mine: [], open: [open] }),
      [`POST /api/peer/slots/${SLOT_OPEN}/book`]: () => {
        booked += 1;
        return booked === 1 ? json(mine(SLOT_OPEN, new Date(open.startAt), { role: 'guest', lengthMin: 15 })) : json({ code: 'SLOT_TAKEN', message: 'Someone has just booked this time. Pick another one.' }, 409);
      },
      'POST /api/peer/slots': (_url, init) => {
        published += 1;
        const body = JSON.parse(String(init?.body)) as { startAt: string };
        return published === 1 ? json(mine(SLOT_LATER, new Date(body.startAt), { status: 'open', partner: null })) : json({ code: 'CONFLICT', message: 'You already have practice at that time.' }, 409);
      },
    });
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });
    const book = await screen.findByRole('button', { name: /Book Meera Iyer’s time/ });
    fireEvent.click(book);
    fireEvent.click(book);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(peerSlotTexts.booked, expect.anything()));
    const publish = screen.getByRole('button', { name: 'Publish' });
    fireEvent.click(publish);
    fireEvent.click(publish);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(peerSlotTexts.published, expect.anything()));
    expect([booked, published]).toEqual([1, 1]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('Book and Publish keep the focus while they run and after a refusal', async () => {
    let answerBook: (response: Response) => void = () => {};
    let answerPublish: (response: Response) => void = () => {};
    mockFetch({
      'GET /api/peer/slots': () => json({ mine: [], open: [openSlot()] }),
      [`POST /api/peer/slots/${SLOT_OPEN}/book`]: () => new Promise<Response>((resolve) => (answerBook = resolve)),
      'POST /api/peer/slots': () => new Promise<Response>((resolve) => (answerPublish = resolve)),
    });
    const user = userEvent.setup();
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });

    const book = await screen.findByRole('button', { name: /Book Meera Iyer’s time/ });
    book.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(book).toHaveAttribute('aria-disabled', 'true'));
    expect(book).toHaveFocus();
    answerBook(json({ code: 'SLOT_TAKEN', message: 'Someone has just booked this time. Pick another one.' }, 409));
    await waitFor(() => expect(book).not.toHaveAttribute('aria-disabled'));
    expect(book).toHaveFocus();

    const publish = screen.getByRole('button', { name: 'Publish' });
    publish.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(publish).toHaveAttribute('aria-disabled', 'true'));
    expect(publish).toHaveFocus();
    answerPublish(json({ code: 'CONFLICT', message: 'You already have practice at that time.' }, 409));
    await waitFor(() => expect(publish).not.toHaveAttribute('aria-disabled'));
    expect(publish).toHaveFocus();
    expect(toast.error).toHaveBeenCalledWith('Someone has just booked this time. Pick another one.', expect.anything());
    expect(toast.error).toHaveBeenCalledWith('You already have practice at that time.', expect.anything());
  });

  it('offers only starts at least an hour ahead, and says when a day has none left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 17:35 in Kolkata: the first start an hour ahead is 18:45.
      vi.setSystemTime(new Date('2026-03-10T12:05:00Z'));
      mockFetch({ 'GET /api/peer/slots': () => json({ mine: [], open: [] }) });
      const { unmount } = renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });
      const start = (await screen.findByLabelText('Start')) as HTMLSelectElement;
      expect(screen.getByLabelText('Day')).toHaveValue('2026-03-10');
      expect(Number(start.options[0]!.value)).toBe(18 * 60 + 45);
      expect(start).toHaveValue(String(18 * 60 + 45));
      unmount();

      // 23:20 in Kolkata: nothing is left today; the day offered first is tomorrow.
      vi.setSystemTime(new Date('2026-03-10T17:50:00Z'));
      renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });
      const day = await screen.findByLabelText('Day');
      expect(day).toHaveValue('2026-03-11');
      fireEvent.change(day, { target: { value: '2026-03-10' } });
      expect(screen.getByText('No start time is left on this day. Pick a later day.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

      // The last day 14 days ahead offers starts up to 14 × 24 hours from now (23:15), none after.
      expect(day).toHaveAttribute('max', '2026-03-24');
      fireEvent.change(day, { target: { value: '2026-03-24' } });
      const lastStarts = [...(screen.getByLabelText('Start') as HTMLSelectElement).options].map((o) => Number(o.value));
      expect(lastStarts.at(-1)).toBe(23 * 60 + 15);
      expect(lastStarts[0]).toBe(0);
      fireEvent.change(day, { target: { value: '2026-03-25' } });
      expect(screen.getByText('Publish practice times up to 14 days ahead.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('after Book and after Publish, focus goes to Your practice times, where the new time is, and a toast says so', async () => {
    const open = openSlot();
    let slots: { mine: PeerSlot[]; open: PeerOpenSlot[] } = { mine: [], open: [open] };
    mockFetch({
      'GET /api/peer/slots': () => json(slots),
      [`POST /api/peer/slots/${SLOT_OPEN}/book`]: () => {
        const booked = mine(SLOT_OPEN, new Date(open.startAt), { role: 'guest', lengthMin: 15 });
        slots = { mine: [booked], open: [] };
        return json(booked);
      },
      'POST /api/peer/slots': (_url, init) => {
        const published = mine(SLOT_LATER, new Date((JSON.parse(String(init?.body)) as { startAt: string }).startAt), { status: 'open', partner: null });
        slots = { mine: [...slots.mine, published], open: [] };
        return json(published);
      },
    });
    const user = userEvent.setup();
    renderAt(<ScheduledPractice timeZone="Asia/Kolkata" callPath={(id) => id} />, { route: '/peer-learning/dashboard' });
    const upcoming = await screen.findByRole('heading', { name: 'Your practice times' });

    await user.click(await screen.findByRole('button', { name: /Book Meera Iyer’s time/ }));
    await waitFor(() => expect(upcoming).toHaveFocus());
    expect(toast.success).toHaveBeenCalledWith(peerSlotTexts.booked, expect.anything());
    await waitFor(() => expect(screen.queryByRole('button', { name: /Book Meera Iyer’s time/ })).toBeNull());
    expect(upcoming).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(upcoming).toHaveFocus());
    expect(toast.success).toHaveBeenCalledWith(peerSlotTexts.published, expect.anything());
    expect(await screen.findByText(/waiting for someone to book it/)).toBeInTheDocument();
  });
});
