import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { toast } from 'sonner';
import { kidAgeRangeText } from '@parley/domain/kids';
import { getItem, setItem } from '../../../shared/lib/storage';
import { kidSummary, userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { KidsAccountsPage } from './kids-accounts-page';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
afterEach(() => vi.unstubAllGlobals());


function kidsApi(initial: number, { refuse = false } = {}) {
  let kids = Array.from({ length: initial }, (_, i) => kidSummary(i + 1));
  return mockFetch({
    'POST /api/learner/getKidsByParentId': () => json({ allKids: kids }),
    'POST /api/learner/newKid': (_url, init) => {
      if (refuse) return json({ code: 'KID_LIMIT_REACHED', message: 'You can add up to 3 kid profiles.' }, 409);
      const body = JSON.parse(String(init?.body)) as { name: string; avatar: string; dob: string | null };
      const created = { ...kidSummary(kids.length + 1, body.name), avatar: body.avatar, dob: body.dob };
      kids = [...kids, created];
      return json({ kid: created, message: 'Kid profile created' }, 201);
    },
    'POST /api/learner/findKidById': (_url, init) => {
      const { learnerId } = JSON.parse(String(init?.body)) as { learnerId: string };
      const found = kids.find((k) => k._id === learnerId)!;
      return json({ token: `kid-handle-${found.name}`, learner: userRecord({ _id: found._id, name: found.name, role: 'kid' }), message: 'ok' });
    },
  });
}

const addKidForm = () => screen.queryByRole('region', { name: 'Add kid' });

describe('/kids/accounts', () => {
  it('offers Add kid while fewer than 3 kids exist', async () => {
    kidsApi(2);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts?type=switch-kids' });
    expect(await screen.findByRole('heading', { name: 'Who is learning today?' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Kid profiles' })).getAllByRole('listitem')).toHaveLength(2);
    expect(addKidForm()).toBeInTheDocument();
  });

  it('says which kid a followed link is for, when it names one of them', async () => {
    kidsApi(2);
    renderAt(<KidsAccountsPage />, { route: `/kids/accounts?type=switch-kids&for=${kidSummary(2)._id}` });
    expect(await screen.findByRole('heading', { name: 'Who is learning today?' })).toBeInTheDocument();
    expect(screen.getByText('The link you followed is for Kid 2. Choose Kid 2 to open it, or choose another kid.')).toBeInTheDocument();
  });

  it('asks plainly when the link names no kid of this parent', async () => {
    kidsApi(2);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts?type=switch-kids&for=someone-else' });
    expect(await screen.findByText(/^Choose a kid to open their classes/)).toBeInTheDocument();
    expect(screen.queryByText(/The link you followed/)).not.toBeInTheDocument();
  });

  it('hides Add kid at 3 kids', async () => {
    kidsApi(3);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await screen.findByRole('button', { name: 'Continue as Kid 3' });
    expect(addKidForm()).not.toBeInTheDocument();
    expect(screen.getByText(/You have 3 kid profiles/)).toBeInTheDocument();
  });

  it('adding the third kid lists it, updates CHILDREN and removes Add kid', async () => {
    const fetchMock = kidsApi(2);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await screen.findByRole('button', { name: 'Continue as Kid 2' });
    fireEvent.change(screen.getByLabelText("Kid's name"), { target: { value: 'Ira Rao' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Panda' }));
    fireEvent.change(screen.getByLabelText('Date of birth (optional)'), { target: { value: '2018-01-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add kid' }));
    expect(await screen.findByRole('button', { name: 'Continue as Ira Rao' })).toBeInTheDocument();
    await waitFor(() => expect(addKidForm()).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([url]) => String(url).includes('newKid'))!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ name: 'Ira Rao', avatar: 'panda', dob: '2018-01-20' });
    expect(getItem('CHILDREN')?.map((k) => k.name)).toEqual(['Kid 1', 'Kid 2', 'Ira Rao']);
    expect(toast.success).toHaveBeenCalledWith('Kid profile created', expect.anything());
  });

  it('opened to add a kid (?add=kid, the kid menu’s Add kid), starts at the name field (focused, so scrolled to on a phone)', async () => {
    kidsApi(2);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts?add=kid' });
    await waitFor(() => expect(screen.getByLabelText("Kid's name")).toHaveFocus());
  });

  it('says at the field that a kid profile is for a child of 2 to 17, and adds nothing', async () => {
    const fetchMock = kidsApi(2);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await screen.findByRole('button', { name: 'Continue as Kid 2' });
    fireEvent.change(screen.getByLabelText("Kid's name"), { target: { value: 'Ira Rao' } });
    const dob = screen.getByLabelText('Date of birth (optional)');
    expect(dob).toHaveAccessibleDescription('For a child aged 2 to 17.');
    fireEvent.change(dob, { target: { value: '1950-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add kid' }));
    expect(await screen.findByText(kidAgeRangeText)).toBeInTheDocument();
    expect(dob).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('newKid'))).toBe(false);
  });

  it('moves focus to the new kid’s name, also when adding the third kid removes the form that had it', async () => {
    kidsApi(1);
    const user = userEvent.setup();
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await screen.findByRole('button', { name: 'Continue as Kid 1' });
    await user.type(screen.getByLabelText("Kid's name"), 'Ira Rao{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Ira Rao' })).toHaveFocus());

    await user.type(screen.getByLabelText("Kid's name"), 'Dev Rao');
    await user.click(screen.getByRole('button', { name: 'Add kid' }));
    await waitFor(() => expect(addKidForm()).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Dev Rao' })).toHaveFocus();
  });

  it('shows the server message when a fourth kid is refused', async () => {
    kidsApi(2, { refuse: true });
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await screen.findByRole('button', { name: 'Continue as Kid 2' });
    fireEvent.change(screen.getByLabelText("Kid's name"), { target: { value: 'Extra Kid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add kid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can add up to 3 kid profiles.');
    // Said once, on the page: not again in a toast.
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('validates the name before calling the server', async () => {
    const fetchMock = kidsApi(1);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await screen.findByRole('button', { name: 'Continue as Kid 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Add kid' }));
    expect(await screen.findByText('Enter the kid’s name')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('newKid'))).toBe(false);
  });

  it('choosing a kid stores KID_TOKEN and KID and opens /kids/dashboard', async () => {
    kidsApi(2);
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts', extra: <Route path="/kids/dashboard" element={<h1>kids dashboard</h1>} /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Kid 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kids/dashboard'));
    expect(getItem('KID_TOKEN')).toBe('kid-handle-Kid 1');
    expect(getItem('KID')?._id).toBe(kidSummary(1)._id);
  });

  it('sent here to choose a kid first, Continue as opens the kid page that was asked for', async () => {
    kidsApi(2);
    setItem('INTENDED_PATH', '/kids/peer-practice');
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts?type=switch-kids', extra: <Route path="/kids/peer-practice" element={<h1>practice</h1>} /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Kid 2' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kids/peer-practice'));
    expect(getItem('KID_TOKEN')).toBe('kid-handle-Kid 2');
    expect(getItem('INTENDED_PATH')).toBeNull();
  });

  it('a remembered page outside the kids area is left for its login; the chooser opens the kids dashboard', async () => {
    kidsApi(1);
    setItem('INTENDED_PATH', '/user/profile');
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts?type=switch-kids' });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Kid 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kids/dashboard'));
    expect(getItem('INTENDED_PATH')).toBe('/user/profile');
  });

  it('Continue as keeps focus while the switch runs, and after a refusal', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    mockFetch({
      'POST /api/learner/getKidsByParentId': () => json({ allKids: [kidSummary(1), kidSummary(2)] }),
      'POST /api/learner/findKidById': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    const button = await screen.findByRole('button', { name: 'Continue as Kid 1' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveFocus();
    answer(json({ code: 'FORBIDDEN', message: 'Not your kid' }, 403));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveFocus();
  });
});
