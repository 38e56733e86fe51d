import { useEffect, useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { CourseCard } from '@parley/domain/courses';
import { useAddToCart } from '../api/add-to-cart';
import { useCart } from '../api/get-cart';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { useSignInFirst } from './sign-in-first';

/** AI courses go into the cart with subject=AI (spec §7.6); the others without a subject. */
export const cartSubjectOf = (course: Pick<CourseCard, 'subject'>) => (course.subject === 'AI' ? ('AI' as const) : undefined);

type AddToCartProps = { course: Pick<CourseCard, '_id' | 'title' | 'subject'>; inCart?: boolean; className?: string };

/**
 * Add to cart, or 'In cart' (a link to the cart) once it is there. A visitor who is not signed in
 * is sent to log in first and comes back to this page, where the course they chose goes into the
 * cart (see takeCartCourseAfterSignIn).
 */
export function AddToCartButton({ className = 'btn-sm', ...props }: AddToCartProps) {
  // A visitor's button holds no cart query or mutation: a catalogue page renders a dozen of them.
  return isSignedInLearner() ? <LearnerAddToCart className={className} {...props} /> : <VisitorAddToCart className={className} course={props.course} />;
}

/** The course a visitor pressed Add to cart on, kept in this tab while they sign in. */
const CART_COURSE_KEY = 'parley.cartCourseAfterSignIn';
/** A sign-in longer ago than this no longer adds it: the visitor went on to other things. */
export const CART_COURSE_KEPT_MS = 30 * 60_000;

function rememberCartCourseForSignIn(courseId: string) {
  try {
    sessionStorage.setItem(CART_COURSE_KEY, JSON.stringify({ courseId, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the visitor adds it again after signing in.
  }
}

/** Whether `courseId` is the course remembered for after signing in (then forgotten, so it is added once). */
function takeCartCourseAfterSignIn(courseId: string): boolean {
  try {
    const kept = JSON.parse(sessionStorage.getItem(CART_COURSE_KEY) ?? 'null') as { courseId?: unknown; at?: unknown } | null;
    if (kept?.courseId !== courseId) return false;
    sessionStorage.removeItem(CART_COURSE_KEY);
    return typeof kept.at === 'number' && Date.now() - kept.at < CART_COURSE_KEPT_MS;
  } catch {
    return false;
  }
}

function VisitorAddToCart({ course, className }: { course: AddToCartProps['course']; className: string }) {
  const signInFirst = useSignInFirst();
  const onClick = () => {
    rememberCartCourseForSignIn(course._id);
    signInFirst();
  };
  return <AddButton course={course} className={className} busy={false} onClick={onClick} />;
}

function LearnerAddToCart({ course, inCart, className }: AddToCartProps & { className: string }) {
  const cart = useCart({ enabled: inCart === undefined });
  const add = useAddToCart();
  const isInCart = inCart ?? cart.data?.courses.some((item) => item._id === course._id) ?? false;
  const cartKnown = inCart !== undefined || cart.isSuccess;
  // The focused button is disabled, then replaced by the link: focus would fall to <body> (WCAG
  // 2.4.3). The link takes it instead, but only from a button that had it (a mouse click in
  // Safari leaves focus where it was).
  const focusCartLink = useRef(false);
  const takeFocus = (link: HTMLAnchorElement | null) => {
    if (!link || !focusCartLink.current) return;
    focusCartLink.current = false;
    link.focus();
  };

  const addToCart = () =>
    add.mutate(
      { courseId: course._id, subject: cartSubjectOf(course) },
      {
        // The toast library loads with the first toast, not with the catalogue.
        onSuccess: () => void import('../../../shared/lib/toast').then(({ notify }) => notify.success(`${course.title} is in your cart.`)),
        onError: (error) => {
          focusCartLink.current = false;
          void import('../../../shared/lib/toast').then(({ notify }) => notify.failure(error));
        },
      },
    );
  // Back from signing in: the course pressed before goes into the cart now, once the cart is known
  // (run on that alone: addToCart is made anew each render).
  useEffect(() => {
    if (cartKnown && takeCartCourseAfterSignIn(course._id) && !isInCart) addToCart();
  }, [cartKnown]);

  if (isInCart) {
    return (
      <Link ref={takeFocus} to="/courses/cart" className={`btn btn-ghost ${className}`}>
        In cart<span className="sr-only">: {course.title}, go to the cart</span>
      </Link>
    );
  }
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    focusCartLink.current = event.currentTarget === document.activeElement;
    addToCart();
  };
  return <AddButton course={course} className={className} busy={add.isPending} onClick={onClick} />;
}

function AddButton({ course, className, busy, onClick }: { course: AddToCartProps['course']; className: string; busy: boolean; onClick: (event: MouseEvent<HTMLButtonElement>) => void }) {
  return (
    // aria-disabled while adding, not disabled: the button keeps focus, so a refused add leaves it there.
    <button type="button" className={`btn btn-outline btn-primary ${className} ${busy ? 'btn-disabled' : ''}`} aria-disabled={busy} onClick={busy ? undefined : onClick}>
      {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      Add to cart<span className="sr-only">: {course.title}</span>
    </button>
  );
}
