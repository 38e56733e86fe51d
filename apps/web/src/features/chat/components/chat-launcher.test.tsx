import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { ChatLauncher } from './chat-launcher';

vi.mock('socket.io-client', () => ({
  io: vi.fn(() => {
    const socket = { connected: false, on: () => socket, off: () => socket, removeAllListeners: () => socket, disconnect: () => socket, io: { on: () => undefined, off: () => undefined } };
    return socket;
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const subscribed = userRecord({
  activeSubscription: {
    _id: 'sub-1',
    subjects: ['English'],
    subscriptionType: 'quick_learner_mode',
    availableSession: 5,
    availableWeeklySession: 0,
    backlogSession: 0,
    expiresAt: '2099-01-01T00:00:00.000Z',
    plan: { _id: 'plan-1', name: 'Quick', classDuration: '15min' },
  },
});

describe('ChatLauncher', () => {
  it('opens the 790 px chat drawer on the empty state; Escape closes it', async () => {
    setItem('USER', subscribed);
    mockFetch({ 'GET /api/auth/me': () => json({ user: subscribed }), 'GET /room/v1/': () => json({ rooms: [] }) });
    renderAt(<ChatLauncher audience="learner" />, { route: '/learner' });
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    const drawer = screen.getByRole('dialog', { name: 'Chat with tutors' });
    expect(drawer).toHaveStyle({ width: '790px', maxWidth: '100vw' });
    // The drawer's content is a lazy chunk: its first import transforms the whole chat feature, slow on a busy machine.
    expect(await within(drawer).findByText(messages.chatEmptyState, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await within(drawer).findByText(/No conversations yet/)).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on a tutor’s conversation when a notice links with ?chat=<tutorId> (and ?request=), then drops both from the address', async () => {
    setItem('USER', subscribed);
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: subscribed }),
      'GET /room/v1/': () => json({ rooms: [] }),
      'POST /room/v1/initiate': () => json({ code: 'INTERNAL', message: 'Something went wrong' }, 500),
    });
    renderAt(<ChatLauncher audience="learner" />, { route: '/learner?chat=tutor-7&request=request-9&tab=home' });
    const drawer = await screen.findByRole('dialog', { name: 'Chat with tutors' });
    expect(drawer).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/learner?tab=home');
    // The drawer starts the conversation with that tutor.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/room/v1/initiate')).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ teacherId: 'tutor-7' }]), { timeout: 10_000 });
  });

  it('keeps the accessible name when shown as an icon on phones', () => {
    renderAt(<ChatLauncher audience="kid" compactOnMobile />, { route: '/kids/english' });
    expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
  });
});
