import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { userRecord } from '../../../test/fixtures';
import { getItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { PeerAccountDetails } from './peer-account-details';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const peer = userRecord({ role: 'peer', name: 'Kabir Shah', country: 'IN', timezone: 'Asia/Kolkata' });

describe('a peer-only account’s details', () => {
  it('fills from the server, saves a new name and country (its time zone follows), and keeps what was saved', async () => {
    const user = userEvent.setup();
    const saved = { ...peer, name: 'Kabir S', country: 'GB', timezone: 'Europe/London' };
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ user: peer }), 'PUT /api/peer/account': () => json({ user: saved }) });
    renderAt(<PeerAccountDetails />);
    const section = screen.getByRole('region', { name: 'Your details' });
    const name = await within(section).findByLabelText('Full name');
    expect(name).toHaveValue('Kabir Shah');
    expect(within(section).getByRole('button', { name: 'Save details' })).toHaveAttribute('aria-disabled', 'true');

    await user.clear(name);
    await user.type(name, 'Kabir S');
    await user.selectOptions(within(section).getByLabelText('Country'), 'GB');
    expect(within(section).getByLabelText('Timezone')).toHaveValue('Europe/London');
    await user.click(within(section).getByRole('button', { name: 'Save details' }));

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ name: 'Kabir S', country: 'GB', timezone: 'Europe/London' });
    expect(await within(section).findByRole('button', { name: 'Save details' })).toHaveAttribute('aria-disabled', 'true');
    expect(getItem('USER')).toMatchObject({ name: 'Kabir S', timezone: 'Europe/London' });
  });

  it('says what is wrong with a name and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ user: peer }) });
    renderAt(<PeerAccountDetails />);
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'K');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('A name needs at least 2 letters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('says a name the server refuses at the name, with no toast repeating it', async () => {
    vi.mocked(notify.failure).mockClear();
    const user = userEvent.setup();
    mockFetch({
      'GET /api/auth/me': () => json({ user: peer }),
      'PUT /api/peer/account': () => json({ code: 'VALIDATION_FAILED', message: 'Use letters and spaces only', fields: { name: 'Use letters and spaces only' } }, 400),
    });
    renderAt(<PeerAccountDetails />);
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Kabir S');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/^Use letters and spaces only/));
    expect(notify.failure).not.toHaveBeenCalled();
  });
});
