import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PeerProfile } from '@parley/domain/peer';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { PeerProfilePage } from './peer-profile-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast), Toaster: () => null }));

const stored: PeerProfile = {
  userId: 'u1',
  name: 'Asha Verma',
  avatar: '',
  level: 'B1',
  firstLanguage: 'Hindi',
  languages: ['Marathi'],
  interests: ['cricket', 'films'],
  availability: 'weekday evenings',
};

beforeEach(() => {
  setItem('TOKEN', 'learner-handle');
  setItem('USER', userRecord());
  toast.success.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('PeerProfilePage', () => {
  it('shows the profile, refuses what the domain refuses field by field, and saves a valid one', async () => {
    const saved: unknown[] = [];
    mockFetch({
      'GET /api/peer/profile': () => json(stored),
      'PUT /api/peer/profile': (_url, init) => {
        saved.push(JSON.parse(String(init?.body)));
        return json(stored);
      },
    });
    const user = userEvent.setup();
    renderAt(<PeerProfilePage />, { route: '/peer-learning/profile' });

    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    const language = screen.getByLabelText('First language');
    const others = screen.getByLabelText('Other languages');
    expect(screen.getByLabelText('Speaking level')).toHaveValue('B1');
    expect(others).toHaveValue('Marathi');
    expect(screen.getByLabelText('Interests')).toHaveValue('cricket, films');

    await user.clear(language);
    await user.type(language, 'H');
    await user.clear(others);
    await user.type(others, 'Tamil, Telugu, Kannada, Bengali, Urdu, Punjabi');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Write the language’s name')).toBeInTheDocument();
    expect(language).toHaveAttribute('aria-invalid', 'true');
    expect(language).toHaveFocus();
    expect(screen.getByText('Name at most 5 other languages')).toBeInTheDocument();
    expect(others).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toHaveLength(0);

    await user.clear(language);
    await user.type(language, 'Gujarati');
    await user.clear(others);
    // A blank entry and a repeat (in another case) are dropped.
    await user.type(others, 'Tamil, , Urdu , tamil');
    await user.selectOptions(screen.getByLabelText('Speaking level'), 'B2');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ level: 'B2', firstLanguage: 'Gujarati', languages: ['Tamil', 'Urdu'], interests: ['cricket', 'films'], availability: 'weekday evenings' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your peer profile is saved.', expect.anything()));
  });

  it('without a profile yet, sends the person to the placement', async () => {
    mockFetch({ 'GET /api/peer/profile': () => json({ code: 'NOT_FOUND', message: 'Take the short placement first.' }, 404) });
    renderAt(<PeerProfilePage />, { route: '/peer-learning/profile' });
    expect(await screen.findByRole('heading', { name: 'No peer profile yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the placement' })).toHaveAttribute('href', '/peer-learning/dashboard');
  });
});
