import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { kidEditedText, type EditKidPayload } from '@parley/domain/kids';
import { getItem, setItem } from '../../../shared/lib/storage';
import { kidSummary, userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { KidSwitcher } from './kid-switcher';
import { KidsAccountsPage } from './kids-accounts-page';

// Edit and Remove on /kids/accounts: POST /api/learner/kids/:kidId/edit and …/remove.

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
afterEach(() => vi.unstubAllGlobals());

const refusalText = 'Kid 2 has sessions and purchases, so the profile stays. Contact support to close it.';

/** The server's kid list, changed by edit and remove as the server would; `refuse` kids answer 409 to remove. */
function kidsApi(count: number, { refuse = [] as number[] } = {}) {
  let kids = Array.from({ length: count }, (_, i) => kidSummary(i + 1));
  const idIn = (url: URL) => url.pathname.split('/')[4]!;
  return mockFetch({
    'POST /api/learner/getKidsByParentId': () => json({ allKids: kids }),
    'POST /api/learner/newKid': (_url, init) => {
      const created = kidSummary(kids.length + 5, (JSON.parse(String(init?.body)) as { name: string }).name);
      kids = [...kids, created];
      return json({ kid: created, message: 'Kid profile created' }, 201);
    },
    ...Object.fromEntries(
      kids.flatMap((k, i) => [
        [
          `POST /api/learner/kids/${k._id}/edit`,
          (url: URL, init: RequestInit | undefined) => {
            const edit = JSON.parse(String(init?.body)) as EditKidPayload;
            const before = kids.find((x) => x._id === idIn(url))!;
            kids = kids.map((x) => (x === before ? { ...x, ...edit } : x));
            return json({ kid: kids.find((x) => x._id === idIn(url)), message: kidEditedText(before, edit, false) });
          },
        ],
        [
          `POST /api/learner/kids/${k._id}/remove`,
          (url: URL) => {
            if (refuse.includes(i + 1)) return json({ code: 'CONFLICT', message: refusalText }, 409);
            const gone = kids.find((x) => x._id === idIn(url))!;
            kids = kids.filter((x) => x._id !== gone._id);
            return json({ kidId: gone._id, message: `${gone.name} was removed` });
          },
        ],
      ]),
    ),
  });
}

const callsTo = (fetchMock: ReturnType<typeof kidsApi>, part: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(part));
const makeActive = (n: number) => {
  setItem('KID_TOKEN', `kid-handle-${n}`);
  setItem('KID', userRecord({ _id: kidSummary(n)._id, name: kidSummary(n).name, role: 'kid' }));
};

/** The accounts page with the kid switcher beside it, as the kids shell shows them. */
const renderAccounts = () =>
  renderAt(
    <>
      <KidSwitcher />
      <KidsAccountsPage />
    </>,
    { route: '/kids/accounts' },
  );

describe('editing a kid on /kids/accounts', () => {
  it('renames inline with Add kid’s name rule, then shows the new name everywhere and focuses it', async () => {
    const fetchMock = kidsApi(2);
    makeActive(1);
    const user = userEvent.setup();
    renderAccounts();
    await user.click(await screen.findByRole('button', { name: 'Edit Kid 1' }));
    const form = screen.getByRole('form', { name: 'Edit Kid 1' });
    const input = within(form).getByLabelText('Name');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Kid 1');

    await user.clear(input);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the kid’s name')).toBeInTheDocument();
    await user.type(input, 'A{Enter}');
    expect(await within(form).findByText('A kid’s name needs at least 2 letters')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/edit')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Ira Rao{Enter}');
    const renamed = await screen.findByRole('heading', { level: 2, name: 'Ira Rao' });
    await waitFor(() => expect(renamed).toHaveFocus());
    const [[url, init]] = callsTo(fetchMock, '/edit') as [[string, RequestInit]];
    expect(url).toContain(`/api/learner/kids/${kidSummary(1)._id}/edit`);
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Ira Rao', dob: null });
    expect(toast.success).toHaveBeenCalledWith('Renamed to Ira Rao', expect.anything());
    expect(screen.getByRole('button', { name: 'Continue as Ira Rao' })).toBeInTheDocument();
    expect(getItem('CHILDREN')?.map((k) => k.name)).toEqual(['Ira Rao', 'Kid 2']);
    // The active kid's record, and so the switcher, carry the new name.
    expect(getItem('KID')?.name).toBe('Ira Rao');
    expect(screen.getByRole('button', { name: 'Switch kid, Ira Rao is active' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch kid, Ira Rao is active' }));
    const menu = await screen.findByRole('menu', { name: 'Kids' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Ira RaoActive', 'Kid 2', '+Add kid']);
  });

  it('Escape (or Cancel) closes the form unchanged and gives focus back to Edit', async () => {
    const fetchMock = kidsApi(2);
    const user = userEvent.setup();
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await user.click(await screen.findByRole('button', { name: 'Edit Kid 2' }));
    await user.type(screen.getByLabelText('Name'), ' Junior');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit Kid 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Kid 2' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Kid 2' })).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('form', { name: 'Edit Kid 2' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Kid 2' })).toHaveFocus();
    expect(callsTo(fetchMock, '/edit')).toHaveLength(0);
  });

  it('adds, changes and clears the date of birth the kids peer page asks for, and shows it on the card', async () => {
    const fetchMock = kidsApi(2);
    const user = userEvent.setup();
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await user.click(await screen.findByRole('button', { name: 'Edit Kid 2' }));
    const form = screen.getByRole('form', { name: 'Edit Kid 2' });
    const dob = within(form).getByLabelText('Date of birth (optional)');
    expect(dob).toHaveValue('');
    await user.type(dob, '2018-03-04');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Born 4 Mar 2018')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Kid 2' })).toHaveFocus());
    expect(toast.success).toHaveBeenCalledWith('Kid 2’s profile is saved.', expect.anything());
    expect(JSON.parse(String(callsTo(fetchMock, '/edit')[0]![1]!.body))).toEqual({ name: 'Kid 2', dob: '2018-03-04' });

    // The form opens with the date it has; emptying it clears it.
    await user.click(screen.getByRole('button', { name: 'Edit Kid 2' }));
    const again = within(screen.getByRole('form', { name: 'Edit Kid 2' })).getByLabelText('Date of birth (optional)');
    expect(again).toHaveValue('2018-03-04');
    await user.clear(again);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText(/^Born /)).not.toBeInTheDocument());
    expect(JSON.parse(String(callsTo(fetchMock, '/edit')[1]![1]!.body))).toEqual({ name: 'Kid 2', dob: null });

    // Nothing changed: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Edit Kid 2' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('form', { name: 'Edit Kid 2' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/edit')).toHaveLength(2);
  });
});

describe('removing a kid on /kids/accounts', () => {
  it('asks first, naming the kid; Keep profile changes nothing and gives focus back', async () => {
    const fetchMock = kidsApi(2);
    const user = userEvent.setup();
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    const remove = await screen.findByRole('button', { name: 'Remove Kid 2' });
    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Remove Kid 2?' });
    expect(dialog).toHaveTextContent('Kid 2’s profile will be deleted for good');
    await user.click(within(dialog).getByRole('button', { name: 'Keep profile' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();

    await user.click(remove);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/remove')).toHaveLength(0);
  });

  it('removes the kid once confirmed: gone from the list, CHILDREN and the active kid, and Add kid is back', async () => {
    const fetchMock = kidsApi(3);
    makeActive(3);
    const user = userEvent.setup();
    renderAccounts();
    await screen.findByRole('button', { name: 'Continue as Kid 3' });
    expect(screen.queryByRole('region', { name: 'Add kid' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Kid 3' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove Kid 3?' })).getByRole('button', { name: 'Remove Kid 3' }));
    const note = await screen.findByText('Kid 3 was removed. You can add a kid in its place.');
    await waitFor(() => expect(note).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/learner/kids/${kidSummary(3)._id}/remove`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Continue as Kid 3' })).not.toBeInTheDocument();
    expect(getItem('CHILDREN')?.map((k) => k.name)).toEqual(['Kid 1', 'Kid 2']);
    // Its session ended on the server: this browser no longer acts as it.
    expect(getItem('KID')).toBeNull();
    expect(getItem('KID_TOKEN')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose kid' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Add kid' })).toBeInTheDocument();

    await user.type(screen.getByLabelText("Kid's name"), 'Real Kid{Enter}');
    expect(await screen.findByRole('button', { name: 'Continue as Real Kid' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog, keeps the kid and focuses OK', async () => {
    kidsApi(2, { refuse: [2] });
    const user = userEvent.setup();
    renderAt(<KidsAccountsPage />, { route: '/kids/accounts' });
    await user.click(await screen.findByRole('button', { name: 'Remove Kid 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Kid 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Kid 2' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusalText);
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    expect(within(dialog).queryByRole('button', { name: 'Remove Kid 2' })).not.toBeInTheDocument();
    await user.click(ok);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue as Kid 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Kid 2' })).toHaveFocus();
  });
});
