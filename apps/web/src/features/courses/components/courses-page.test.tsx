import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseMessages, type CourseCard } from '@parley/domain/courses';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { getItem, setItem } from '../../../shared/lib/storage';
import { AiCoursesPage } from './ai-courses-page';
import { CoursesPage } from './courses-page';
// The sections the page loads lazily, loaded here first: finding them must not race the test runner compiling them.
import './subscription-offers';
import './pay-dialog-body';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

function AddMoneyStub({ open }: { open: boolean; onClose: () => void }) {
  return open ? <div role="dialog" aria-label="Add Money" /> : null;
}

const card = (n: number, overrides: Partial<CourseCard> = {}): CourseCard => ({
  _id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  title: `Course ${n}`,
  subject: 'English',
  level: 'Beginner',
  coverUrl: null,
  creator: { _id: 'c1', name: 'Meera Iyer' },
  durationMin: 150,
  lessonCount: 8,
  rating: 4.6,
  ratingCount: 23,
  price: { amountMinor: 49_900, currency: 'INR' },
  ...overrides,
});

const offers = { items: [{ subject: 'English', days: 30, price: { amountMinor: 99_900, currency: 'INR' } }, { subject: 'AI', days: 30, price: { amountMinor: 129_900, currency: 'INR' } }] };

/** The catalogue answers with `items` for any query and records what was asked. */
function api(items: CourseCard[], total = items.length) {
  return mockFetch({
    'GET /api/courses/getAllCourses': (url) => json({ items, total, page: Number(url.searchParams.get('page')), limit: Number(url.searchParams.get('limit')), currency: 'INR' }),
    'GET /api/courses/subscription-plans': () => json(offers),
    'POST /api/courses/getAllActiveSubscriptions': () => json({ items: [{ subject: 'English', startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T00:00:00.000Z' }] }),
    'GET /api/courses/getCartDetails': () => json({ courses: [], count: 2, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: 0, currency: 'INR' } }),
  });
}

const catalogueCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === '/api/courses/getAllCourses');

beforeEach(() => setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' }));
afterEach(() => vi.unstubAllGlobals());

describe('the course catalogue, logged out', () => {
  it('renders a card per course with creator, level, duration, an accessible rating and the price', async () => {
    api([card(1, { title: 'Everyday English' }), card(2, { title: 'Band 7 Writing', subject: 'IELTS', level: 'Advanced', ratingCount: 0, rating: 0 })]);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const first = await screen.findByRole('article', { name: 'Everyday English' });
    expect(within(first).getByRole('link', { name: 'Everyday English' })).toHaveAttribute('href', '/courses/00000000-0000-4000-8000-000000000001');
    expect(within(first).getByText('by Meera Iyer')).toBeInTheDocument();
    expect(within(first).getByText('Beginner')).toBeInTheDocument();
    expect(within(first).getByText('2 h 30 min')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '4.6 out of 5, 23 ratings' })).toBeInTheDocument();
    expect(within(first).getByText('₹499')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Band 7 Writing' })).getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('2 courses')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
  });

  it('filters by subject through the URL query, starting again at page 1', async () => {
    const fetchMock = api([card(1)], 30);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses?page=2&search=talk' });
    await screen.findByRole('article', { name: 'Course 1' });
    expect(catalogueCalls(fetchMock).at(-1)!.search).toBe('?page=2&limit=12&search=talk&currency=INR');

    fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'IELTS' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses?search=talk&subject=IELTS'));
    await waitFor(() => expect(catalogueCalls(fetchMock).at(-1)!.searchParams.get('subject')).toBe('IELTS'));
    expect(catalogueCalls(fetchMock).at(-1)!.searchParams.get('page')).toBe('1');
  });

  it('moves a page number past the end to the last page, in place of the address', async () => {
    const fetchMock = api([card(1)], 13);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses?page=5' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/courses\?page=2$/));
    expect(await screen.findByText('13 courses, page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText('No courses here yet')).toBeNull();
    expect(catalogueCalls(fetchMock).at(-1)!.searchParams.get('page')).toBe('2');
  });

  it('reads a subject in the address in any letter case', async () => {
    const fetchMock = api([card(1, { subject: 'Kids' })]);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses?subject=kids' });
    await screen.findByRole('article', { name: 'Course 1' });
    expect(catalogueCalls(fetchMock).at(-1)!.searchParams.get('subject')).toBe('Kids');
    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveValue('Kids');
  });

  it('searches by title and says so when nothing matches', async () => {
    const fetchMock = api([]);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses?subject=Kids' });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search courses' }), { target: { value: 'phonics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No courses match "phonics" in Kids. Try another word or subject.')).toBeInTheDocument();
    expect(catalogueCalls(fetchMock).at(-1)!.searchParams.get('search')).toBe('phonics');
    expect(screen.getByTestId('location')).toHaveTextContent('/courses?subject=Kids&search=phonics');
  });

  it('keeps the focus in the search field through a search; Show all courses takes it to the heading, and the field follows the address', async () => {
    api([]);
    const user = userEvent.setup();
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const field = await screen.findByRole('searchbox', { name: 'Search courses' });
    await user.type(field, 'zzzz{Enter}');
    expect(await screen.findByText('No courses match "zzzz". Try another word or subject.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toBe(field);
    expect(field).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Show all courses' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/courses$/));
    expect(screen.getByRole('heading', { name: 'Browse courses' })).toHaveFocus();
    expect(field).toHaveValue('');
  });

  it('a subject chosen applies the search as the field has it, so the field and the results never disagree', async () => {
    const fetchMock = api([]);
    const user = userEvent.setup();
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses?search=ielts' });
    const field = await screen.findByRole('searchbox', { name: 'Search courses' });
    expect(field).toHaveValue('ielts');
    await user.clear(field);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), 'English');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/courses\?subject=English$/));
    expect(catalogueCalls(fetchMock).at(-1)!.searchParams.get('search')).toBeNull();
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/courses/getAllCourses': () => (fail ? json({ code: 'INTERNAL', message: 'boom' }, 500) : json({ items: [card(3)], total: 1, page: 1, limit: 12, currency: 'INR' })),
      'GET /api/courses/subscription-plans': () => json(offers),
    });
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('boom');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Course 3' })).toBeInTheDocument();
  });

  it('sends a visitor who adds to the cart to log in, remembering the page', async () => {
    api([card(1)]);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses?subject=English' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart: Course 1' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(getItem('INTENDED_PATH')).toBe('/courses?subject=English');
  });

  it('lists the course subscriptions with Subscribe', async () => {
    api([card(1)]);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const offer = await screen.findByRole('article', { name: 'All English courses for 30 days' });
    expect(within(offer).getByText('₹999')).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Subscribe to all English courses' })).toBeInTheDocument();
  });
});

it("a creator's session (TOKEN without a learner cookie) browses as a visitor, so no learner call can sign it out", async () => {
  setItem('TOKEN', 'h');
  setItem('USER', userRecord({ role: 'creator' }));
  const fetchMock = api([card(1)]);
  renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
  await screen.findByRole('article', { name: 'Course 1' });
  expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
  const calls = fetchMock.mock.calls.map(([url, init]) => ({ path: new URL(String(url), 'http://localhost').pathname, headers: (init?.headers ?? {}) as Record<string, string> }));
  expect(calls.some((call) => ['/api/courses/getCartDetails', '/api/courses/getAllActiveSubscriptions', '/api/courses/owned'].includes(call.path))).toBe(false);
  expect(calls.find((call) => call.path === '/api/courses/getAllCourses')!.headers['x-parley-as']).toBeUndefined();
});

describe('the course catalogue, signed in', () => {
  beforeEach(() => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
  });

  it('shows the cart count and which course subscriptions are active', async () => {
    const fetchMock = api([card(1)]);
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    expect(await screen.findByRole('link', { name: 'Cart, 2 courses' })).toHaveAttribute('href', '/courses/cart');
    const english = await screen.findByRole('article', { name: 'All English courses for 30 days' });
    expect(await within(english).findByText(/until 31 Mar 2026/)).toBeInTheDocument();
    expect(within(english).queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument();
    // A learner's prices come from their account, not from a currency the page picks.
    expect(catalogueCalls(fetchMock).at(-1)!.searchParams.has('currency')).toBe(false);
  });

  it('adds a course to the cart and says so; the card then links to the cart', async () => {
    let inCart: CourseCard[] = [];
    const cart = () => json({ courses: inCart, count: inCart.length, total: { amountMinor: 49_900 * inCart.length, currency: 'INR' }, unavailable: [] });
    mockFetch({
      'GET /api/courses/getAllCourses': () => json({ items: [card(1)], total: 1, page: 1, limit: 12, currency: 'INR' }),
      'GET /api/courses/subscription-plans': () => json(offers),
      'POST /api/courses/getAllActiveSubscriptions': () => json({ items: [] }),
      'GET /api/courses/getCartDetails': cart,
      'POST /api/courses/addToCart': () => {
        inCart = [card(1)];
        return cart();
      },
    });
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart: Course 1' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Course 1 is in your cart.', expect.anything()));
    expect(await screen.findByRole('link', { name: 'In cart: Course 1, go to the cart' })).toHaveAttribute('href', '/courses/cart');
  });

  it('a course the learner owns says so and links to continue learning, with no price and no Add to cart', async () => {
    const owned = card(1, { title: 'Everyday English Conversations', price: { amountMinor: 79_900, currency: 'INR' } });
    mockFetch({
      'GET /api/courses/getAllCourses': () => json({ items: [owned, card(2)], total: 2, page: 1, limit: 12, currency: 'INR' }),
      'GET /api/courses/owned': () => json({ courseIds: [owned._id] }),
      'GET /api/courses/subscription-plans': () => json(offers),
      'POST /api/courses/getAllActiveSubscriptions': () => json({ items: [] }),
      'GET /api/courses/getCartDetails': () => json({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
    });
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const mine = await screen.findByRole('article', { name: 'Everyday English Conversations' });
    expect(await within(mine).findByText('You own this course')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Open course: Everyday English Conversations' })).toHaveAttribute('href', `/AICourses/${owned._id}`);
    expect(within(mine).queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
    expect(within(mine).queryByText('₹799')).not.toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Course 2' });
    expect(within(other).getByRole('button', { name: 'Add to cart: Course 2' })).toBeInTheDocument();
    expect(within(other).queryByText('You own this course')).not.toBeInTheDocument();
  });

  it('a course an active course subscription opens says so and links to learning, with no price and no Add to cart', async () => {
    const ai = card(1, { title: 'AI Interview Coach', subject: 'AI', price: { amountMinor: 169_900, currency: 'INR' } });
    mockFetch({
      'GET /api/courses/getAllCourses': () => json({ items: [ai, card(2)], total: 2, page: 1, limit: 12, currency: 'INR' }),
      'GET /api/courses/owned': () => json({ courseIds: [] }),
      'GET /api/courses/subscription-plans': () => json(offers),
      'POST /api/courses/getAllActiveSubscriptions': () => json({ items: [{ subject: 'AI', startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T00:00:00.000Z' }] }),
      'GET /api/courses/getCartDetails': () => json({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
    });
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const included = await screen.findByRole('article', { name: 'AI Interview Coach' });
    expect(await within(included).findByText('Included in your course subscription')).toBeInTheDocument();
    expect(within(included).getByRole('link', { name: 'Open course: AI Interview Coach' })).toHaveAttribute('href', `/AICourses/${ai._id}`);
    expect(within(included).queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
    expect(within(included).queryByText('₹1,699')).not.toBeInTheDocument();
    // An English course is not in the AI subscription: it is for sale.
    const other = screen.getByRole('article', { name: 'Course 2' });
    expect(within(other).getByRole('button', { name: 'Add to cart: Course 2' })).toBeInTheDocument();
  });

  it('Subscribe opens the payment choice, whose code loads with it', async () => {
    mockFetch({
      'GET /api/courses/getAllCourses': () => json({ items: [card(1)], total: 1, page: 1, limit: 12, currency: 'INR' }),
      'GET /api/courses/subscription-plans': () => json(offers),
      'POST /api/courses/getAllActiveSubscriptions': () => json({ items: [] }),
      'GET /api/courses/getCartDetails': () => json({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 150_000, currency: 'INR' } }),
    });
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const offer = await screen.findByRole('article', { name: 'All AI courses for 30 days' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Subscribe to all AI courses' }));
    const payWithWallet = await screen.findByRole('button', { name: 'Pay with wallet' });
    const dialog = screen.getByRole('dialog', { name: 'Subscribe' });
    expect(dialog).toContainElement(payWithWallet);
    await waitFor(() => expect(payWithWallet).toBeEnabled());
    expect(within(dialog).getByText('All AI courses for 30 days')).toBeInTheDocument();
  });

  it('a Subscribe from a stale tab names the subscription it showed; refused, it says why and shows the one bought meanwhile', async () => {
    let active: unknown[] = [];
    const fetchMock = mockFetch({
      'GET /api/courses/getAllCourses': () => json({ items: [card(1)], total: 1, page: 1, limit: 12, currency: 'INR' }),
      'GET /api/courses/subscription-plans': () => json(offers),
      'POST /api/courses/getAllActiveSubscriptions': () => json({ items: active }),
      'GET /api/courses/getCartDetails': () => json({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 150_000, currency: 'INR' } }),
      'POST /api/courses/buyCourseSubscription': () => {
        // Bought in another tab after this page loaded.
        active = [{ subject: 'English', startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T00:00:00.000Z' }];
        return json({ code: 'PLAN_CHANGED', message: courseMessages.courseSubscriptionChanged('English') }, 409);
      },
    });
    renderAt(<CoursesPage AddMoney={AddMoneyStub} />, { route: '/courses' });
    const english = await screen.findByRole('article', { name: 'All English courses for 30 days' });
    fireEvent.click(await within(english).findByRole('button', { name: 'Subscribe to all English courses' }));
    const payWithWallet = await screen.findByRole('button', { name: 'Pay with wallet' });
    await waitFor(() => expect(payWithWallet).toBeEnabled());
    fireEvent.click(payWithWallet);

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(courseMessages.courseSubscriptionChanged('English'), expect.anything()));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/courses/buyCourseSubscription'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ subject: 'English', method: 'wallet', currentEndsAt: null });
    expect(await within(english).findByText(/until 31 Mar 2026/)).toBeInTheDocument();
    expect(within(english).queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument();
    // The dialog closes on the card that now shows it, and focus goes there, not to the page.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay with wallet' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(english).getByText(/until 31 Mar 2026/)).toHaveFocus());
  });

  it('/AICourses asks for AI courses only, under an AI Courses heading', async () => {
    const fetchMock = api([card(4, { subject: 'AI', title: 'Prompting basics' })]);
    renderAt(<AiCoursesPage AddMoney={AddMoneyStub} />, { route: '/AICourses?subject=English' });
    expect(screen.getByRole('heading', { level: 1, name: 'AI Courses' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Prompting basics' });
    expect(catalogueCalls(fetchMock).every((url) => url.searchParams.get('subject') === 'AI')).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'All AI courses for 30 days' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'All English courses for 30 days' })).not.toBeInTheDocument();
  });

  it('/AICourses with nothing matching a search offers another word, not a subject it has no filter for', async () => {
    api([]);
    renderAt(<AiCoursesPage AddMoney={AddMoneyStub} />, { route: '/AICourses?search=zzzz' });
    expect(await screen.findByText('No courses match "zzzz". Try another word.')).toBeInTheDocument();
  });
});
