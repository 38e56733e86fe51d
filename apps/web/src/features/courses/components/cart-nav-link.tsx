import { Link } from 'react-router';
import { badgeCount } from '../../../shared/lib/badge-count';
import { Icon } from '../../../shared/ui/icon';
import { useCart } from '../api/get-cart';

/** 'Cart, 2 courses': what the cart link is called, with the count its badge shows. */
export function cartLinkLabel(count: number | undefined): string {
  if (count === undefined) return 'Cart';
  return `Cart, ${badgeCount(count)} ${count === 1 ? 'course' : 'courses'}`;
}

/**
 * The cart with its count (spec §2.9), for a signed-in learner: an icon with a badge in a top bar,
 * or a 'Cart' row with the count in a menu list.
 */
export function CartNavLink({ variant = 'icon', onNavigate }: { variant?: 'icon' | 'menu'; onNavigate?: () => void }) {
  const cart = useCart();
  const count = cart.data?.count;
  const shown = count ? badgeCount(count) : null;
  if (variant === 'menu') {
    return (
      <Link to="/courses/cart" aria-label={cartLinkLabel(count)} onClick={onNavigate} className="font-medium">
        <Icon name="cart" className="size-5" />
        Cart
        {/* The space keeps the visible text "Cart 2", which the label "Cart, 2 courses" contains (WCAG 2.5.3). */}
        {shown ? (
          <>
            {' '}
            <span aria-hidden="true" className="badge badge-primary badge-sm tabular-nums">
              {shown}
            </span>
          </>
        ) : null}
      </Link>
    );
  }
  return (
    <Link to="/courses/cart" aria-label={cartLinkLabel(count)} onClick={onNavigate} className="btn btn-ghost btn-sm btn-square indicator">
      <Icon name="cart" className="size-5" />
      {shown ? (
        <span aria-hidden="true" className="badge indicator-item badge-primary badge-xs tabular-nums">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
