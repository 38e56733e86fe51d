import { describe, expect, it, vi, afterEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { getItem, setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { KidSwitcher } from './kid-switcher';

const kid = (n: number) => ({
  _id: `0b6f4e1c-2d3a-4b5c-8d9e-00000000000${n}`,
  name: `Kid ${n}`,
  avatar: 'owl',
  dob: null,
  isDemoPayed: false,
  demoSessionBooked: [],
});
// findKidById answers the kid's full learner record (userRecordSchema), as the server does.
const kidRecord = (n: number) => userRecord({ _id: kid(n)._id, name: kid(n).name, role: 'kid', avatar: 'owl', parentId: 'parent-1' });

afterEach(() => vi.unstubAllGlobals());

function kidsApi(count: number) {
  return mockFetch({
    'POST /api/learner/getKidsByParentId': () => json({ allKids: Array.from({ length: count }, (_, i) => kid(i + 1)) }),
    'POST /api/learner/findKidById': (_url, init) => {
      const { learnerId } = JSON.parse(String(init?.body)) as { learnerId: string };
      const n = Number(learnerId.slice(-1));
      return json({ token: `kid-handle-${n}`, learner: kidRecord(n), message: `Switched to Kid ${n}` });
    },
  });
}

async function openMenu(name: RegExp = /Choose kid/) {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu', { name: 'Kids' });
}

describe('KidSwitcher', () => {
  it('lists the kids and offers Add kid when fewer than 3 exist', async () => {
    kidsApi(2);
    renderAt(<KidSwitcher />, { route: '/ielts/dashboard' });
    const list = await openMenu();
    await within(list).findByRole('menuitem', { name: /Kid 2/ });
    expect(within(list).getAllByRole('menuitem').map((b) => b.textContent?.trim())).toEqual(['Kid 1', 'Kid 2', '+Add kid']);
    expect(within(list).getByRole('menuitem', { name: /Add kid/ })).toHaveAttribute('href', '/kids/accounts?add=kid');
  });

  it('has no Add kid with 3 kids', async () => {
    kidsApi(3);
    renderAt(<KidSwitcher />, { route: '/ielts/dashboard' });
    const list = await openMenu();
    await within(list).findByRole('menuitem', { name: /Kid 3/ });
    expect(within(list).queryByRole('menuitem', { name: /Add kid/ })).not.toBeInTheDocument();
  });

  it('choosing a kid stores KID_TOKEN and KID, keeps CHILDREN and opens /kids/dashboard', async () => {
    const fetchMock = kidsApi(2);
    renderAt(<KidSwitcher />, { route: '/ielts/dashboard', extra: <Route path="/kids/dashboard" element={<h1>kids dashboard</h1>} /> });
    const list = await openMenu();
    fireEvent.click(await within(list).findByRole('menuitem', { name: /Kid 2/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kids/dashboard'));
    expect(getItem('KID_TOKEN')).toBe('kid-handle-2');
    expect(getItem('KID')?.name).toBe('Kid 2');
    const findCall = fetchMock.mock.calls.find(([url]) => String(url).includes('findKidById'))!;
    expect(JSON.parse(String(findCall[1]!.body))).toEqual({ learnerId: kid(2)._id });
    expect(getItem('CHILDREN')).toHaveLength(2);
  });

  it('switches from one kid to another without signing out', async () => {
    kidsApi(2);
    setItem('TOKEN', 'parent-handle');
    setItem('KID_TOKEN', 'kid-handle-1');
    setItem('KID', kidRecord(1));
    renderAt(<KidSwitcher />, { route: '/kids/dashboard' });
    let list = await openMenu(/Switch kid, Kid 1 is active/);
    expect(await within(list).findByRole('menuitem', { name: /Kid 1/ })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(within(list).getByRole('menuitem', { name: /Kid 2/ }));
    expect(await screen.findByRole('button', { name: /Switch kid, Kid 2 is active/ })).toBeInTheDocument();
    expect(getItem('KID_TOKEN')).toBe('kid-handle-2');
    expect(getItem('TOKEN')).toBe('parent-handle');
    list = await openMenu(/Switch kid/);
    expect(within(list).getByRole('menuitem', { name: /Kid 2/ })).toHaveAttribute('aria-current', 'true');
  });
});

describe('KidSwitcher: the active kid’s peer practice', () => {
  const practiceSlot = {
    _id: '5a1b2c3d-4e5f-4a6b-8c7d-000000000001',
    startAt: '2030-05-13T11:00:00.000Z',
    endAt: '2030-05-13T11:15:00.000Z',
    lengthMin: 15,
    mode: 'audio',
    status: 'booked',
    role: 'host',
    partner: { name: 'Meera', level: 'A2', firstLanguage: 'Hindi' },
    callId: null,
  };

  function withPractice(consent: boolean) {
    const fetchMock = kidsApi(2);
    const kids = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/kid-peer/practice')) return json({ consent, next: consent ? practiceSlot : null });
      return kids(input, init);
    });
    setItem('TOKEN', 'parent-handle');
    setItem('KID_TOKEN', 'kid-handle-1');
    setItem('KID', kidRecord(1));
    return fetchMock;
  }

  it('offers Practise with a friend, asked as the kid, when their parent switched peer practice on', async () => {
    const fetchMock = withPractice(true);
    renderAt(<KidSwitcher />, { route: '/kids/dashboard', extra: <Route path="/kids/peer-practice" element={<h1>practice</h1>} /> });
    const list = await openMenu(/Switch kid, Kid 1 is active/);
    const item = await within(list).findByRole('menuitem', { name: 'Practise with a friend' });
    expect(item).toHaveAttribute('href', '/kids/peer-practice');
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/kid-peer/practice'))!;
    expect((call[1]!.headers as Record<string, string>)['x-parley-as']).toBe('kid');
    fireEvent.click(item);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kids/peer-practice'));
  });

  it('has no practice entry when peer practice is off', async () => {
    const fetchMock = withPractice(false);
    renderAt(<KidSwitcher />, { route: '/kids/dashboard' });
    const list = await openMenu(/Switch kid, Kid 1 is active/);
    await within(list).findByRole('menuitem', { name: /Kid 2/ });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/kid-peer/practice'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(list).queryByRole('menuitem', { name: 'Practise with a friend' })).not.toBeInTheDocument();
  });
});

describe('KidSwitcher keyboard (WAI-ARIA menu button)', () => {
  it('names its menu with aria-controls only while the menu exists', async () => {
    kidsApi(2);
    renderAt(<KidSwitcher />, { route: '/ielts/dashboard' });
    const button = screen.getByRole('button', { name: /Choose kid/ });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    const menu = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toBe(menu);
  });

  it('focuses the first kid on open; arrows, Home and End move; Escape closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    kidsApi(2);
    renderAt(<KidSwitcher />, { route: '/ielts/dashboard' });
    const button = screen.getByRole('button', { name: /Choose kid/ });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Kids' });
    const kid1 = await within(menu).findByRole('menuitem', { name: /Kid 1/ });
    await waitFor(() => expect(kid1).toHaveFocus());
    const items = within(menu).getAllByRole('menuitem');
    expect(items.every((item) => item.tabIndex === -1)).toBe(true);

    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: /Add kid/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(kid1).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: /Add kid/ })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(kid1).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('ArrowUp on the button opens the menu at its last item', async () => {
    const user = userEvent.setup();
    kidsApi(3);
    renderAt(<KidSwitcher />, { route: '/ielts/dashboard' });
    const button = screen.getByRole('button', { name: /Choose kid/ });
    button.focus();
    // Let the kids load first, so the last item is the third kid.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await user.keyboard('{ArrowUp}');
    const menu = await screen.findByRole('menu', { name: 'Kids' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: /Kid 3/ })).toHaveFocus());
  });
});
