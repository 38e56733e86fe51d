import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { CartNavLink } from './cart-nav-link';

afterEach(() => vi.unstubAllGlobals());

function cartOf(count: number) {
  mockFetch({ 'GET /api/courses/getCartDetails': () => json({ courses: [], count, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }) });
}

describe('CartNavLink', () => {
  it('names the count its badge shows, in the icon and in the menu row', async () => {
    cartOf(2);
    renderAt(
      <>
        <CartNavLink />
        <CartNavLink variant="menu" />
      </>,
    );
    const links = await screen.findAllByRole('link', { name: 'Cart, 2 courses' });
    expect(links.map((link) => link.textContent)).toEqual(['2', 'Cart 2']);
  });

  it('above 99 courses the badge reads 99+ and the name says the same (label in name)', async () => {
    cartOf(120);
    renderAt(<CartNavLink variant="menu" />);
    const link = await screen.findByRole('link', { name: 'Cart, 99+ courses' });
    expect(link).toHaveTextContent('Cart 99+');
  });

  it('an empty cart shows no badge; its name still says 0 courses', async () => {
    cartOf(0);
    renderAt(<CartNavLink variant="menu" />);
    const link = await screen.findByRole('link', { name: 'Cart, 0 courses' });
    expect(link).toHaveTextContent(/^Cart$/);
  });
});
