import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { ProfilePage } from './profile-page';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const country = () => screen.getByLabelText<HTMLSelectElement>('Country');
const timezone = () => screen.getByLabelText<HTMLSelectElement>('Timezone');

describe('ProfilePage: country and timezone', () => {
  it('moves the timezone with a new country, keeps a zone of that country, and saves both', async () => {
    const saved = userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02', country: 'US', timezone: 'America/New_York' });
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02' }) }),
      'PUT /api/learner/profile': () => json({ user: saved }),
    });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    expect(await screen.findByLabelText('Country')).toHaveValue('IN');
    expect(timezone()).toHaveValue('Asia/Kolkata');

    await user.selectOptions(country(), 'US');
    expect(timezone()).toHaveValue('America/New_York');
    // A zone of the country chosen stays.
    await user.selectOptions(timezone(), 'America/Los_Angeles');
    await user.selectOptions(country(), 'IN');
    await user.selectOptions(country(), 'US');
    expect(timezone()).toHaveValue('America/New_York');
    await user.selectOptions(timezone(), 'America/Chicago');
    await user.selectOptions(country(), 'US');
    expect(timezone()).toHaveValue('America/Chicago');

    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/learner/profile'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/learner/profile'))!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ country: 'US', timezone: 'America/Chicago' });
  });
});
