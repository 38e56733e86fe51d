import { Link } from 'react-router';
import type { CourseCard } from '@parley/domain/courses';
import { notify } from '../../../shared/lib/toast';
import { useAddToCart } from '../api/add-to-cart';
import { useCart } from '../api/get-cart';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { useSignInFirst } from './sign-in-first';

/** AI courses go into the cart with subject=AI (spec §7.6); the others without a subject. */
export const cartSubjectOf = (course: Pick<CourseCard, 'subject'>) => (course.subject === 'AI' ? ('AI' as const) : undefined);

/**
 * Add to cart, or 'In cart' (a link to the cart) once it is there. A visitor who is not signed in
 * is sent to log in first and comes back to this page.
 */
export function AddToCartButton({ course, inCart, className = 'btn-sm' }: { course: Pick<CourseCard, '_id' | 'title' | 'subject'>; inCart?: boolean; className?: string }) {
  const signedIn = isSignedInLearner();
  const signInFirst = useSignInFirst();
  const cart = useCart({ enabled: signedIn && inCart === undefined });
  const add = useAddToCart();
  const isInCart = inCart ?? cart.data?.courses.some((item) => item._id === course._id) ?? false;

  if (signedIn && isInCart) {
    return (
      <Link to="/courses/cart" className={`btn btn-ghost ${className}`}>
        In cart<span className="sr-only">: {course.title}, go to the cart</span>
      </Link>
    );
  }
  const onClick = () => {
    if (!signedIn) return signInFirst();
    add.mutate(
      { courseId: course._id, subject: cartSubjectOf(course) },
      { onSuccess: () => notify.success(`${course.title} is in your cart.`), onError: (error) => notify.failure(error) },
    );
  };
  return (
    <button type="button" className={`btn btn-outline btn-primary ${className}`} disabled={add.isPending} onClick={onClick}>
      {add.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      Add to cart<span className="sr-only">: {course.title}</span>
    </button>
  );
}
