import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseCard } from '@parley/domain/courses';
import { removeItem, setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AddToCartButton, CART_COURSE_KEPT_MS } from './add-to-cart-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const course = { _id: '00000000-0000-4000-8000-000000000001', title: 'Everyday English', subject: 'English' } satisfies Pick<CourseCard, '_id' | 'title' | 'subject'>;

/** A cart that holds the course once it is added (the add answers slowly, so the button shows busy first). */
function cartApi() {
  let courses: unknown[] = [];
  const cart = () => json({ courses, count: courses.length, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] });
  mockFetch({
    'GET /api/courses/getCartDetails': cart,
    'POST /api/courses/addToCart': async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      courses = [{ ...course, level: 'Beginner', coverUrl: null, creator: { _id: 'c1', name: 'Meera Iyer' }, durationMin: 60, lessonCount: 4, rating: 0, ratingCount: 0, price: { amountMinor: 49_900, currency: 'INR' } }];
      return cart();
    },
  });
}

beforeEach(() => {
  setItem('TOKEN', 'h');
  setItem('USER', userRecord());
});
afterEach(() => vi.unstubAllGlobals());

describe('AddToCartButton, signed in', () => {
  it('moves focus from the pressed button to the In cart link that replaces it', async () => {
    cartApi();
    const user = userEvent.setup();
    renderAt(<AddToCartButton course={course} />);
    const add = await screen.findByRole('button', { name: 'Add to cart: Everyday English' });
    add.focus();
    await user.keyboard('{Enter}');

    const link = await screen.findByRole('link', { name: 'In cart: Everyday English, go to the cart' });
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('keeps focus on the button when the add is refused, and refuses a second press while adding', async () => {
    let adds = 0;
    mockFetch({
      'GET /api/courses/getCartDetails': () => json({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
      'POST /api/courses/addToCart': async () => {
        adds += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json({ code: 'CONFLICT', message: 'Your cart holds at most 10 courses.' }, 409);
      },
    });
    const user = userEvent.setup();
    renderAt(<AddToCartButton course={course} />);
    const add = await screen.findByRole('button', { name: 'Add to cart: Everyday English' });
    add.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'false'));
    expect(add).toHaveFocus();
    expect(adds).toBe(1);
  });

  it('leaves focus alone when the button did not have it', async () => {
    cartApi();
    renderAt(<AddToCartButton course={course} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart: Everyday English' }));

    expect(await screen.findByRole('link', { name: 'In cart: Everyday English, go to the cart' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });
});

describe('AddToCartButton, pressed before signing in', () => {
  beforeEach(() => {
    sessionStorage.clear();
    removeItem('TOKEN');
    removeItem('USER');
  });
  const signIn = () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
  };

  it('sends the visitor to log in, and puts the course in the cart once they are back, once', async () => {
    const fetchMock = mockFetch({});
    const visitor = renderAt(<AddToCartButton course={course} />, { route: '/courses' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Everyday English' }));
    expect(fetchMock).not.toHaveBeenCalled();
    visitor.unmount();

    signIn();
    cartApi();
    const back = renderAt(<AddToCartButton course={course} />, { route: '/courses' });
    expect(await screen.findByRole('link', { name: 'In cart: Everyday English, go to the cart' })).toBeInTheDocument();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Everyday English is in your cart.', expect.anything()));
    back.unmount();

    // Forgotten once added: a later visit adds nothing by itself.
    const added = vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/addToCart')).length;
    renderAt(<AddToCartButton course={course} />, { route: '/courses' });
    await screen.findByRole('link', { name: 'In cart: Everyday English, go to the cart' });
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/addToCart'))).toHaveLength(added);
  });

  it(`adds nothing after a sign-in more than ${CART_COURSE_KEPT_MS / 60_000} minutes later`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      mockFetch({});
      const visitor = renderAt(<AddToCartButton course={course} />, { route: '/courses' });
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Everyday English' }));
      visitor.unmount();
      vi.setSystemTime(Date.now() + CART_COURSE_KEPT_MS + 1_000);

      signIn();
      cartApi();
      renderAt(<AddToCartButton course={course} />, { route: '/courses' });
      expect(await screen.findByRole('button', { name: 'Add to cart: Everyday English' })).toBeInTheDocument();
      await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/getCartDetails'))).toBe(true));
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/addToCart'))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
