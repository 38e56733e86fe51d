import { Link } from 'react-router';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /courses/cart */
export function CartPage() {
  return <PlaceholderPage title="Cart" subtitle="Courses waiting for checkout." icon="cart" action={<Link to="/courses" className="btn btn-primary btn-sm">Browse courses</Link>} />;
}
