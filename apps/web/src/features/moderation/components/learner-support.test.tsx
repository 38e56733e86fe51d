import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { LearnerSupport } from './learner-support';

const learner = { _id: '5e0d1c2b-0000-4000-8000-000000000001', name: 'Rohan Sharma', email: 'learner@parley.test', phoneNumber: '+•• ••••• •2345', country: 'IN', createdAt: '2026-03-01T18:30:00.000Z' };
const url = `http://localhost:3000/login?learnerId=${learner._id}&token=abcdefghijklmnopqrstuvwxyz`;

afterEach(() => vi.unstubAllGlobals());

describe('LearnerSupport', () => {
  it('asks for 2 characters before searching, then lists learners with the phone masked', async () => {
    const fetch = mockFetch({ 'GET /api/moderator/learners': () => json({ items: [learner] }) });
    const user = userEvent.setup();
    renderAt(<LearnerSupport timeZone="Asia/Kolkata" />);
    const box = screen.getByRole('searchbox', { name: 'Learner’s name or email' });
    await user.type(box, 'r');
    await user.click(screen.getByRole('button', { name: 'Find learner' }));
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();

    await user.type(box, 'ohan');
    await user.click(screen.getByRole('button', { name: 'Find learner' }));
    const list = await screen.findByRole('list', { name: 'Learners matching “rohan”' });
    expect(list).toHaveTextContent('Rohan Sharma');
    expect(list).toHaveTextContent('+•• ••••• •2345');
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/moderator/learners?q=rohan');

    // Cleared and searched again: the error, and no list left over from “rohan”.
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Find learner' }));
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('creates a login link, shows it once with a copy button, and forgets it on Done', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/moderator/learners': () => json({ items: [learner] }),
      'POST /api/moderator/login-links': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ url, expiresAt: '2026-03-02T04:45:00.000Z' }, 201);
      },
    });
    const user = userEvent.setup();
    renderAt(<LearnerSupport timeZone="Asia/Kolkata" />);
    await user.type(screen.getByRole('searchbox', { name: 'Learner’s name or email' }), 'learner@');
    await user.click(screen.getByRole('button', { name: 'Find learner' }));
    await user.click(await screen.findByRole('button', { name: 'Create login link for Rohan Sharma' }));

    const region = await screen.findByRole('region', { name: 'Login link for Rohan Sharma' });
    expect(bodies).toEqual([{ learnerId: learner._id }]);
    const field = within(region).getByLabelText('Link');
    expect(field).toHaveValue(url);
    expect(field).toHaveFocus();
    expect(region).toHaveTextContent('It works once, until 2 Mar 2026, 10:15 AM');
    await user.click(within(region).getByRole('button', { name: 'Copy link' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(within(region).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Login link for/ })).toBeNull());
    expect(screen.queryByDisplayValue(url)).toBeNull();
    // The panel goes with Done: the focus goes back to the button that made the link.
    expect(screen.getByRole('button', { name: 'Create login link for Rohan Sharma' })).toHaveFocus();
  });

  it('a double click on Create login link creates one link', async () => {
    let issued = 0;
    mockFetch({
      'GET /api/moderator/learners': () => json({ items: [learner] }),
      'POST /api/moderator/login-links': () => {
        issued += 1;
        return json({ url: `${url}${issued}`, expiresAt: '2026-03-02T04:45:00.000Z' }, 201);
      },
    });
    const user = userEvent.setup();
    renderAt(<LearnerSupport timeZone="Asia/Kolkata" />);
    await user.type(screen.getByRole('searchbox', { name: 'Learner’s name or email' }), 'learner@');
    await user.click(screen.getByRole('button', { name: 'Find learner' }));
    const create = await screen.findByRole('button', { name: 'Create login link for Rohan Sharma' });
    // Both clicks land before React renders the pending state.
    fireEvent.click(create);
    fireEvent.click(create);

    const region = await screen.findByRole('region', { name: 'Login link for Rohan Sharma' });
    expect(within(region).getByLabelText('Link')).toHaveValue(`${url}1`);
    expect(issued).toBe(1);
    // Once answered, another link can be created.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create login link for Rohan Sharma' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Create login link for Rohan Sharma' }));
    await waitFor(() => expect(within(region).getByLabelText('Link')).toHaveValue(`${url}2`));
    expect(issued).toBe(2);
  });

  it('says when nobody matches', async () => {
    mockFetch({ 'GET /api/moderator/learners': () => json({ items: [] }) });
    const user = userEvent.setup();
    renderAt(<LearnerSupport timeZone="Asia/Kolkata" />);
    await user.type(screen.getByRole('searchbox', { name: 'Learner’s name or email' }), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Find learner' }));
    expect(await screen.findByRole('heading', { name: 'No learner found' })).toBeInTheDocument();
  });
});
