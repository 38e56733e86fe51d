import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Cart, CourseCard } from '@parley/domain/courses';
import { formatMoney } from '@parley/domain/money';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useFocusHandOff } from '../../../shared/lib/use-focus-hand-off';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBuyCoursesFromCart } from '../api/buy-courses-from-cart';
import { useActiveCourseSubscriptions } from '../api/get-active-course-subscriptions';
import { useCart } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { AddMoneyProvider, type AddMoneyComponent } from './add-money-context';
import { cartSubjectOf } from './add-to-cart-button';
import { CourseCover } from './course-facts';
import { coursePath, playerPath } from './course-paths';
import { PaidPanel } from './paid-panel';
import { PayOptions } from './pay-options';
import { useCoursePayment, type PayMethod } from './use-course-payment';
import { formatViewerDay } from '../lib/format-date';

/** /courses/cart: the courses waiting, their total and one payment for all of them, by wallet or online. */
export function CartPage({ AddMoney }: { AddMoney: AddMoneyComponent }) {
  const cart = useCart();
  const [bought, setBought] = useState<{ message: string; courses: CourseCard[] } | null>(null);

  return (
    <AddMoneyProvider AddMoney={AddMoney}>
      <PageHeader title="Cart" subtitle="Pay for every course here at once, from your wallet or online." />
      <div role="status">{bought ? <CoursesReady {...bought} /> : null}</div>
      {bought ? null : (
        <>
          {cart.isPending ? <CartSkeleton /> : null}
          {cart.isError ? <RetryAlert message={errorMessage(cart.error)} onRetry={() => void cart.refetch()} retrying={cart.isFetching} /> : null}
          {cart.data && cart.data.count === 0 ? (
            <EmptyState
              title="Your cart is empty"
              icon="cart"
              action={
                <Link to="/courses" className="btn btn-primary btn-sm">
                  Browse courses
                </Link>
              }
            >
              Add courses from the catalogue and pay for them together here.
            </EmptyState>
          ) : null}
          {cart.data && cart.data.count > 0 ? <CartView cart={cart.data} onBought={setBought} /> : null}
        </>
      )}
    </AddMoneyProvider>
  );
}

function CartView({ cart, onBought }: { cart: Cart; onBought: (bought: { message: string; courses: CourseCard[] }) => void }) {
  const buy = useBuyCoursesFromCart();
  const { run, busy } = useCoursePayment();
  const [payingWith, setPayingWith] = useState<PayMethod | null>(null);
  const blocked = cart.unavailable.length > 0;
  const count = cart.courses.length;
  const subscriptions = useActiveCourseSubscriptions().data;

  const pay = async (method: PayMethod) => {
    const courses = cart.courses;
    setPayingWith(method);
    const description = count === 1 ? `Course: ${courses[0]!.title}` : `${count} courses`;
    // The ids shown: a cart changed in another tab since is refused (and fetched again), never paid unseen.
    const courseIds = courses.map((course) => course._id);
    const result = await run(() => buy.mutateAsync({ method, courseIds }), { purpose: 'Courses', description: description.slice(0, 200) });
    setPayingWith(null);
    if (result.status === 'paid') onBought({ message: result.message, courses });
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        {blocked ? <UnavailableCourses items={cart.unavailable} /> : null}
        {count > 0 ? (
          <section aria-labelledby="cart-courses">
            <h2 id="cart-courses" className="sr-only">
              Courses in your cart
            </h2>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
              {cart.courses.map((course) => (
                <CartRow key={course._id} course={course} subscribedUntil={subscriptions?.find((s) => s.subject === course.subject)?.endsAt} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <section aria-labelledby="cart-summary" className="card h-fit border border-base-300 bg-base-100 lg:sticky lg:top-24">
        <div className="card-body gap-4 p-5">
          <h2 id="cart-summary" className="text-lg font-semibold">
            Summary
          </h2>
          <p className="flex items-baseline justify-between gap-3">
            <span className="text-base-content/70">
              Total ({count} {count === 1 ? 'course' : 'courses'})
            </span>
            <span className="text-2xl font-bold tabular-nums" data-testid="cart-total">
              {formatMoney(cart.total)}
            </span>
          </p>
          {blocked ? (
            <p className="text-sm text-base-content/70">Remove the courses that can no longer be bought to pay for the rest.</p>
          ) : count > 0 ? (
            <PayOptions price={cart.total} busy={busy} payingWith={payingWith} onPay={(method) => void pay(method)} />
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** Said when a course leaves the cart: the row goes, and focus with it, so a screen reader hears this. */
const removedText = (title: string) => `${title} is out of your cart.`;

/**
 * Remove keeps the focus while it runs (aria-disabled, one removal at a time); the row's going hands
 * it to the list. A course an active course subscription already opens says so: buying it is for
 * keeping it after the subscription ends.
 */
function CartRow({ course, subscribedUntil }: { course: CourseCard; subscribedUntil: string | undefined }) {
  const row = useRef<HTMLLIElement>(null);
  useFocusHandOff(row);
  const remove = useRemoveFromCart();
  const once = useSingleFlight();
  const onRemove = () =>
    once((done) =>
      remove.mutate(
        { courseId: course._id, subject: cartSubjectOf(course) },
        { onSuccess: () => notify.success(removedText(course.title)), onError: (error) => notify.failure(error), onSettled: done },
      ),
    );
  return (
    <li ref={row} className="flex items-start gap-3 p-3 sm:items-center sm:gap-4 sm:p-4">
      <div className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-28">
        <CourseCover course={course} />
      </div>
      <div className="min-w-0 flex-1">
        <Link to={coursePath(course._id)} className="link link-hover font-semibold leading-snug">
          {course.title}
        </Link>
        <p className="text-sm text-base-content/70">
          by {course.creator.name} · {course.subject}
        </p>
        {subscribedUntil ? (
          <p className="mt-1 text-sm text-base-content/80">
            Included in your course subscription until {formatViewerDay(subscribedUntil)}. Buy it to keep it after that.
          </p>
        ) : null}
        <p className="mt-1 font-bold tabular-nums sm:hidden">{formatMoney(course.price)}</p>
      </div>
      <p className="hidden shrink-0 font-bold tabular-nums sm:block">{formatMoney(course.price)}</p>
      <button type="button" className="btn btn-ghost btn-sm shrink-0 text-error" aria-disabled={remove.isPending || undefined} onClick={onRemove}>
        Remove{' '}<span className="sr-only">{course.title} from the cart</span>
      </button>
    </li>
  );
}

function UnavailableCourses({ items }: { items: Cart['unavailable'] }) {
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-col items-stretch gap-2">
      <p className="font-medium">These courses can no longer be bought. Remove them to pay for the rest.</p>
      <ul className="space-y-1">
        {items.map((item) => (
          <UnavailableCourse key={item._id} item={item} />
        ))}
      </ul>
    </div>
  );
}

/** After paying: what was bought, each with Start learning, and My Courses. */
function CoursesReady({ message, courses }: { message: string; courses: CourseCard[] }) {
  return (
    <section aria-labelledby="courses-ready" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="courses-ready" className="text-xl font-semibold">
          Your courses are ready
        </h2>
        <PaidPanel message={message}>
          <Link to="/courses/myCourses" className="btn btn-primary btn-sm">
            Go to My Courses
          </Link>
        </PaidPanel>
        <ul className="divide-y divide-base-300">
          {courses.map((course) => (
            <li key={course._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium">{course.title}</span>
              <Link to={playerPath(course._id)} className="btn btn-ghost btn-sm">
                Start learning<span className="sr-only">: {course.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function UnavailableCourse({ item }: { item: Cart['unavailable'][number] }) {
  const row = useRef<HTMLLIElement>(null);
  useFocusHandOff(row);
  const remove = useRemoveFromCart();
  const once = useSingleFlight();
  const onRemove = () =>
    once((done) => remove.mutate({ courseId: item._id }, { onSuccess: () => notify.success(removedText(item.title)), onError: (error) => notify.failure(error), onSettled: done }));
  return (
    <li ref={row} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span>
        {item.title} — {item.reason === 'owned' ? 'you own it already' : 'no longer available'}
      </span>
      <button type="button" className="btn btn-sm" aria-disabled={remove.isPending || undefined} onClick={onRemove}>
        Remove{' '}<span className="sr-only">{item.title}</span>
      </button>
    </li>
  );
}

function CartSkeleton() {
  return (
    <div role="status" className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <span className="sr-only">Loading your cart</span>
      <div className="space-y-3" aria-hidden="true">
        <div className="skeleton h-20 w-full" />
        <div className="skeleton h-20 w-full" />
      </div>
      <div className="skeleton h-48 w-full" aria-hidden="true" />
    </div>
  );
}
