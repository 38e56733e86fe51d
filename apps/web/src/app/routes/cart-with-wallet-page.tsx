import { CartPage } from '../../features/courses/components/cart-page';
import { LazyAddMoneyModal } from './lazy-add-money-modal';

/** /courses/cart: the cart's one payment, with the wallet's Add Money for a short balance. */
export function CartWithWalletPage() {
  return <CartPage AddMoney={LazyAddMoneyModal} />;
}
