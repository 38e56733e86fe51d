import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { courseMessages, type Cart, type CourseCard } from '@parley/domain/courses';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { resetCheckoutSdk, type CheckoutOptions, type CheckoutSuccess } from '../../../shared/lib/checkout';
import { setItem } from '../../../shared/lib/storage';
import { Modal } from '../../../shared/ui/modal';
import { CartPage } from './cart-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

function AddMoneyStub({ open, suggested }: { open: boolean; onClose: () => void; suggested?: { amountMinor: number; currency: string } }) {
  return open ? <div role="dialog" aria-label="Add Money" data-suggested={suggested ? `${suggested.amountMinor} ${suggested.currency}` : ''} /> : null;
}

const card = (n: number, title: string, amountMinor: number, subject: CourseCard['subject'] = 'English'): CourseCard => ({
  _id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  title,
  subject,
  level: 'Beginner',
  coverUrl: null,
  creator: { _id: 'c1', name: 'Meera Iyer' },
  durationMin: 90,
  lessonCount: 6,
  rating: 0,
  ratingCount: 0,
  price: { amountMinor, currency: 'INR' },
});

const cartOf = (courses: CourseCard[]): Cart => ({
  courses,
  count: courses.length,
  total: { amountMinor: courses.reduce((sum, course) => sum + course.price.amountMinor, 0), currency: 'INR' },
  unavailable: [],
});

const grammar = card(1, 'Grammar in a week', 49_900);
const prompts = card(2, 'Prompting for beginners', 79_900, 'AI');

/** A server holding a cart; wallet purchases empty it when the balance covers the total. */
/** Stands in for the checkout SDK: `opened` is what the page opened it with. */
function fakeCheckout() {
  const checkout: { opened: CheckoutOptions | null } = { opened: null };
  window.Razorpay = class {
    constructor(options: CheckoutOptions) {
      checkout.opened = options;
    }
    on() {}
    open() {}
  };
  return checkout;
}

function api({
  balanceMinor,
  courses = [grammar, prompts],
  addedElsewhere,
  subscriptions = [],
}: {
  balanceMinor: number;
  courses?: CourseCard[];
  addedElsewhere?: CourseCard;
  subscriptions?: { subject: CourseCard['subject']; startsAt: string; endsAt: string }[];
}) {
  let cart = cartOf(courses);
  let balance = balanceMinor;
  const fetchMock = mockFetch({
    'GET /api/courses/getCartDetails': () => json(cart),
    'POST /api/courses/removeFromCart': (_url, init) => {
      const { courseId } = JSON.parse(String(init?.body)) as { courseId: string };
      cart = cartOf(cart.courses.filter((course) => course._id !== courseId));
      return json(cart);
    },
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: balance, currency: 'INR' } }),
    'POST /api/courses/buyCoursesFromCart': (_url, init) => {
      const { method, courseIds: shown } = JSON.parse(String(init?.body)) as { method: string; courseIds?: string[] };
      // Another tab added a course after this page fetched the cart.
      if (addedElsewhere && cart.courses.length === courses.length) cart = cartOf([...courses, addedElsewhere]);
      if (shown && shown.length !== cart.courses.length) return json({ code: 'CART_CHANGED', message: courseMessages.cartChanged }, 409);
      if (method === 'checkout') return json({ status: 'checkout', order: { id: 'order_cart', currency: 'INR', amount: cart.total.amountMinor } });
      if (balance < cart.total.amountMinor) return json({ code: 'INSUFFICIENT_BALANCE', message: courseMessages.insufficientWallet }, 409);
      balance -= cart.total.amountMinor;
      const courseIds = cart.courses.map((course) => course._id);
      cart = cartOf([]);
      return json({ status: 'Success', message: courseMessages.coursesPurchased, courseIds });
    },
    'GET /api/images': () => json({ key_id: 'key_sandbox', provider: 'sandbox', checkoutScriptUrl: '/s.js' }),
    'POST /api/payments/verify': () => {
      cart = cartOf([]);
      return json({ status: 'Success', purpose: 'Courses', message: courseMessages.coursesPurchased });
    },
    'POST /api/payments/order-status': () => json({}),
    'GET /api/auth/me': () => json({ user: userRecord() }),
    'POST /api/courses/getAllActiveSubscriptions': () => json({ items: subscriptions }),
  });
  return fetchMock;
}

const bodiesOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path)).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  resetCheckoutSdk();
  setItem('TOKEN', 'h');
  setItem('USER', userRecord());
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

describe('the cart', () => {
  it('lists the courses with the total, and Remove takes one out (AI courses with subject=AI)', async () => {
    const fetchMock = api({ balanceMinor: 500_000 });
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    expect(await screen.findByRole('link', { name: 'Grammar in a week' })).toHaveAttribute('href', `/courses/${grammar._id}`);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,298');
    expect(screen.getByText('Total (2 courses)')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Prompting for beginners from the cart' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹499'));
    expect(screen.queryByRole('link', { name: 'Prompting for beginners' })).not.toBeInTheDocument();
    expect(screen.getByText('Total (1 course)')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/api/courses/removeFromCart')).toEqual([{ courseId: prompts._id, subject: 'AI' }]);
    expect(toast.success).toHaveBeenCalledWith('Prompting for beginners is out of your cart.', expect.anything());
  });

  it('says which course an active course subscription already opens, and until when', async () => {
    api({ balanceMinor: 500_000, subscriptions: [{ subject: 'AI', startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T12:00:00.000Z' }] });
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    const ai = (await screen.findByRole('link', { name: 'Prompting for beginners' })).closest('li')!;
    expect(await within(ai).findByText('Included in your course subscription until 31 Mar 2026. Buy it to keep it after that.')).toBeInTheDocument();
    const english = screen.getByRole('link', { name: 'Grammar in a week' }).closest('li')!;
    expect(within(english).queryByText(/Included in your course subscription/)).not.toBeInTheDocument();
  });

  it('keeps the focus on Remove while it runs and sends one removal for two presses, then hands the focus to the list, and to the page heading once the cart is empty', async () => {
    let release: () => void = () => {};
    const fetchMock = api({ balanceMinor: 500_000 });
    const removeFromCart = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/courses/removeFromCart')) await new Promise<void>((resolve) => (release = resolve));
      return removeFromCart(url, init);
    });
    const user = userEvent.setup();
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    const remove = await screen.findByRole('button', { name: 'Remove Prompting for beginners from the cart' });
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(remove).toHaveAttribute('aria-disabled', 'true'));
    expect(remove).toHaveFocus();
    await user.keyboard('{Enter}');
    release();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Courses in your cart' })).toHaveFocus());
    expect(bodiesOf(fetchMock, '/api/courses/removeFromCart')).toHaveLength(1);

    screen.getByRole('button', { name: 'Remove Grammar in a week from the cart' }).focus();
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Cart', level: 1 })).toHaveFocus());
  });

  it('pays with the wallet: the courses are ready, with links to My Courses and to each course', async () => {
    const fetchMock = api({ balanceMinor: 500_000 });
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    const payWithWallet = await screen.findByRole('button', { name: 'Pay with wallet' });
    await waitFor(() => expect(payWithWallet).toBeEnabled());
    fireEvent.click(payWithWallet);

    expect(await screen.findByRole('heading', { name: 'Your courses are ready' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Courses' })).toHaveAttribute('href', '/courses/myCourses');
    expect(screen.getByRole('link', { name: 'Start learning: Grammar in a week' })).toHaveAttribute('href', `/AICourses/${grammar._id}`);
    expect(screen.getByText(courseMessages.coursesPurchased)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(courseMessages.coursesPurchased, expect.anything());
    expect(bodiesOf(fetchMock, '/api/courses/buyCoursesFromCart')).toEqual([{ method: 'wallet', courseIds: [grammar._id, prompts._id] }]);
  });

  it('turns Pay with wallet off when the balance is short, says why and offers Add money', async () => {
    api({ balanceMinor: 10_000 });
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    const message = await screen.findByText(courseMessages.insufficientWallet);
    const payWithWallet = screen.getByRole('button', { name: 'Pay with wallet' });
    expect(payWithWallet).toBeDisabled();
    expect(payWithWallet).toHaveAccessibleDescription(courseMessages.insufficientWallet);
    expect(screen.getByRole('button', { name: 'Pay online' })).toBeEnabled();
    expect(screen.getByText('₹100')).toBeInTheDocument();
    fireEvent.click(within(message.parentElement!).getByRole('button', { name: 'Add money' }));
    // Add Money opens with what is missing (₹1,298 in the cart, ₹100 in the wallet).
    expect(screen.getByRole('dialog', { name: 'Add Money' })).toHaveAttribute('data-suggested', '119800 INR');
  });

  it('once money is added, Add money goes with the warning and the focus goes on to Pay with wallet', async () => {
    let topped = false;
    const fetchMock = api({ balanceMinor: 10_000 });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => (topped && String(url).startsWith('/api/wallet') ? json({ closingBalance: { amountMinor: 510_000, currency: 'INR' } }) : answer(url, init)));
    /**
     * Stands in for Add Money: a dialog (the page behind it inert) whose top-up succeeds, after which
     * the wallet is fetched again and the dialog closes, outside any React event, as after the checkout.
     */
    function TopUp({ open, onClose }: { open: boolean; onClose: () => void }) {
      const queryClient = useQueryClient();
      return (
        <Modal open={open} onClose={onClose} title="Add Money">
          <button
            type="button"
            onClick={(event) => {
              // The checkout's own overlay had the focus and is gone.
              event.currentTarget.blur();
              topped = true;
              void queryClient.invalidateQueries().then(onClose);
            }}
          >
            Pay ₹5,000
          </button>
        </Modal>
      );
    }
    const user = userEvent.setup();
    renderAt(<CartPage AddMoney={TopUp} />, { route: '/courses/cart' });
    const message = await screen.findByText(courseMessages.insufficientWallet);
    await user.click(within(message.parentElement!).getByRole('button', { name: 'Add money' }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹5,000' }));
    await waitFor(() => expect(screen.queryByText(courseMessages.insufficientWallet)).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay with wallet' })).toHaveFocus());
  });

  it('pays online through the checkout with the order the purchase created, then verifies it', async () => {
    const fetchMock = api({ balanceMinor: 0 });
    const checkout = fakeCheckout();
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay online' }));
    await waitFor(() => expect(checkout.opened).not.toBeNull());
    expect(checkout.opened!).toMatchObject({ order_id: 'order_cart', amount: 129_800, currency: 'INR', notes: { type: 'Courses' } });
    // No capture: the purchase call created the order.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/capture'))).toBe(false);

    const paid: CheckoutSuccess = { razorpay_order_id: 'order_cart', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
    checkout.opened!.handler(paid);
    expect(await screen.findByRole('heading', { name: 'Your courses are ready' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/api/payments/verify')).toEqual([{ orderId: 'order_cart', paymentId: 'pay_1', signature: 'sig' }]);
  });

  it('after a checkout payment refused (the cart paid meanwhile in another tab), shows the cart and the wallet as they are now', async () => {
    const fetchMock = api({ balanceMinor: 0 });
    const checkout = fakeCheckout();
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay online' }));
    await waitFor(() => expect(checkout.opened).not.toBeNull());
    const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)).length;
    const [cartReads, walletReads] = [calls('/api/courses/getCartDetails'), calls('/api/wallet')];
    fetchMock.mockImplementationOnce(async () => json({ code: 'CONFLICT', message: 'We received your payment but could not apply it.' }, 409));
    checkout.opened!.handler({ razorpay_order_id: 'order_cart', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' });
    await waitFor(() => expect(calls('/api/courses/getCartDetails')).toBeGreaterThan(cartReads));
    await waitFor(() => expect(calls('/api/wallet')).toBeGreaterThan(walletReads));
  });

  it('pays for the courses it shows: a cart changed in another tab is refused, said, and shown again', async () => {
    const fetchMock = api({ balanceMinor: 500_000, addedElsewhere: { ...prompts, _id: 'course-3', title: 'Third Course' } });
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    const payWithWallet = await screen.findByRole('button', { name: 'Pay with wallet' });
    await waitFor(() => expect(payWithWallet).toBeEnabled());
    fireEvent.click(payWithWallet);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(String(toast.error.mock.calls[0]![0])).toContain(courseMessages.cartChanged);
    expect(bodiesOf(fetchMock, '/api/courses/buyCoursesFromCart')).toEqual([{ method: 'wallet', courseIds: [grammar._id, prompts._id] }]);
    expect(await screen.findByText('Third Course')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your courses are ready' })).not.toBeInTheDocument();
  });

  it('closing the checkout records the order as canceled and keeps the cart', async () => {
    const fetchMock = api({ balanceMinor: 0 });
    const checkout = fakeCheckout();
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    const payOnline = await screen.findByRole('button', { name: 'Pay online' });
    payOnline.focus();
    fireEvent.click(payOnline);
    await waitFor(() => expect(checkout.opened).not.toBeNull());
    // While the payment runs the button refuses presses but keeps focus, for the checkout to give back.
    expect(payOnline).toHaveAttribute('aria-disabled', 'true');
    expect(payOnline).toHaveFocus();
    checkout.opened!.modal.ondismiss();
    await waitFor(() => expect(bodiesOf(fetchMock, '/api/payments/order-status')).toEqual([{ orderid: 'order_cart', status: 'canceled' }]));
    await waitFor(() => expect(payOnline).not.toHaveAttribute('aria-disabled'));
    expect(payOnline).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Your courses are ready' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,298');
  });

  it('shows an empty cart with a way to the catalogue', async () => {
    api({ balanceMinor: 0, courses: [] });
    renderAt(<CartPage AddMoney={AddMoneyStub} />, { route: '/courses/cart' });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  });
});
