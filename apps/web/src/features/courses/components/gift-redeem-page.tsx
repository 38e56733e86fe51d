import { Link, useParams } from 'react-router';
import { courseMessages, giftCodeSchema } from '@parley/domain/courses';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useGift, type GiftPreview } from '../api/get-gift';
import { useRedeemGift } from '../api/redeem-gift';
import { coursePath, playerPath } from './course-paths';
import { PaidPanel } from './paid-panel';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { useSignInFirst } from './sign-in-first';

/** /courses/gift/{code} (public): who sent which course, with their message; Redeem for a signed-in learner, who then owns it. */
export function GiftRedeemPage() {
  const { code = '' } = useParams();
  const valid = giftCodeSchema.safeParse(code).success;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 lg:py-16">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">A course gift for you</h1>
      {valid ? <GiftLoader code={code} /> : <GiftNotFound />}
    </div>
  );
}

function GiftNotFound() {
  return (
    <EmptyState title={courseMessages.giftNotFound} icon="gift" action={<BrowseLink />}>
      This link does not lead to a gift. Check that you opened the whole link from the e-mail.
    </EmptyState>
  );
}

const BrowseLink = () => (
  <Link to="/courses" className="btn btn-primary btn-sm">
    Browse courses
  </Link>
);

function GiftLoader({ code }: { code: string }) {
  const gift = useGift(code);
  if (gift.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading your gift</span>
        <div className="skeleton h-6 w-2/3" aria-hidden="true" />
        <div className="skeleton h-24 w-full" aria-hidden="true" />
      </div>
    );
  }
  if (gift.isError) {
    if (isApiError(gift.error) && (gift.error.status === 404 || gift.error.status === 400)) return <GiftNotFound />;
    return <RetryAlert message={errorMessage(gift.error)} onRetry={() => void gift.refetch()} retrying={gift.isFetching} />;
  }
  return <GiftView code={code} gift={gift.data} />;
}

function GiftView({ code, gift }: { code: string; gift: GiftPreview }) {
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
            <Icon name="gift" className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-base-content/70">
              {gift.giverName} sent {gift.recipientName} a course
            </p>
            <h2 className="text-xl font-semibold leading-snug">
              <Link to={coursePath(gift.courseId)} className="link link-hover">
                {gift.courseTitle}
              </Link>
            </h2>
          </div>
        </div>
        {gift.message ? (
          // A card lays its figures out as a centred row (for images): this one is a quote over its signature.
          <figure className="block rounded-box bg-base-200 p-4">
            <blockquote className="whitespace-pre-line">{gift.message}</blockquote>
            <figcaption className="mt-2 text-sm text-base-content/70">— {gift.giverName}</figcaption>
          </figure>
        ) : null}
        <RedeemAction code={code} gift={gift} />
      </div>
    </div>
  );
}

function RedeemAction({ code, gift }: { code: string; gift: GiftPreview }) {
  const signInFirst = useSignInFirst();
  const redeem = useRedeemGift();

  if (redeem.isSuccess) {
    return (
      <div role="status">
        <PaidPanel message={redeem.data.status === 'Success' ? redeem.data.message : courseMessages.giftRedeemed}>
          <Link to={playerPath(gift.courseId)} className="btn btn-primary btn-sm">
            Start learning
          </Link>
          <Link to="/courses/myCourses" className="btn btn-ghost btn-sm">
            My courses
          </Link>
        </PaidPanel>
      </div>
    );
  }
  if (gift.redeemed) {
    return (
      // One child: daisyUI's .alert is a grid that would make each text run and the link a column of its own.
      <div className="alert alert-info alert-soft text-sm">
        <p>
          {courseMessages.giftAlreadyRedeemed} If it was you, find the course in{' '}
          <Link to="/courses/myCourses" className="link">
            My courses
          </Link>
          .
        </p>
      </div>
    );
  }
  if (gift.expired) return <p className="alert alert-warning alert-soft text-sm">{courseMessages.giftExpired} Ask the sender to get in touch with us.</p>;

  if (!isSignedInLearner()) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-base-content/70">Log in or sign up to redeem it. The course will then be yours.</p>
        <button type="button" className="btn btn-primary" onClick={() => signInFirst()}>
          Log in to redeem
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div aria-live="polite">
        {redeem.isError ? (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {errorMessage(redeem.error)}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="btn btn-primary self-start"
        aria-disabled={redeem.isPending || undefined}
        onClick={() => {
          if (!redeem.isPending) redeem.mutate(code);
        }}
      >
        {redeem.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Redeem
      </button>
    </div>
  );
}
