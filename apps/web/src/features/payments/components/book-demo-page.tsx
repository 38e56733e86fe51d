import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '@parley/domain/money';
import type { UserRecord } from '@parley/domain/user';
import { useCheckout } from '../../../shared/lib/checkout';
import { visitorCountry } from '../../../shared/lib/countries';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { errorMessage } from '../../../shared/lib/http';
import { rememberIntendedPath } from '../../../shared/lib/intended-path';
import { hasSession } from '../../../shared/lib/session';
import { Icon, type IconName } from '../../../shared/ui/icon';
import { useTrialPrice, type DemoSubject } from '../../../shared/api/get-trial-price';

const subjects: { value: DemoSubject; label: string; blurb: string; bookPath: string }[] = [
  { value: 'English', label: 'Spoken English', blurb: 'A 15-minute conversation with a tutor who listens and gives you a plan.', bookPath: '/learner/book-a-session' },
  { value: 'IELTS', label: 'IELTS', blurb: 'A 25-minute speaking test practice with band-score feedback.', bookPath: '/ielts/book-a-session' },
];

const steps: { icon: IconName; title: string; body: string }[] = [
  { icon: 'ticket', title: 'Pay for your trial', body: 'One small payment, in your currency.' },
  { icon: 'calendar', title: 'Pick a tutor and a time', body: 'Any free slot in the next two weeks.' },
  { icon: 'chat', title: 'Talk for real', body: 'Get honest feedback and a plan for your goal.' },
];

export function demoIsPaid(user: UserRecord | null | undefined, subject: DemoSubject): boolean {
  return subject === 'IELTS' ? Boolean(user?.isIELTSDemoPayed) : Boolean(user?.isDemoPayed);
}

function demoIsBooked(user: UserRecord | null | undefined, subject: DemoSubject): boolean {
  return Boolean(user?.demoSessionBooked.some((entry) => entry.subjects.includes(subject)));
}

/** /book-demo: choose English or IELTS, see the trial price for your country and pay. */
export function BookDemoPage() {
  const [search, setSearch] = useSearchParams();
  const subject: DemoSubject = search.get('subject') === 'IELTS' ? 'IELTS' : 'English';
  const signedIn = hasSession('learner');
  const { data: user } = useCurrentUser('learner', signedIn);
  const country = (signedIn ? user?.country : null) ?? visitorCountry();
  const price = useTrialPrice(country, subject);
  const { pay, isPending } = useCheckout();
  const chosen = subjects.find((s) => s.value === subject)!;

  const choose = (value: DemoSubject) => setSearch(value === 'English' ? {} : { subject: value }, { replace: true });
  // While the checkout runs the button is aria-disabled, not disabled: it keeps the focus the checkout gives back.
  const payDemo = () => {
    if (!price.data || isPending) return;
    void pay({ purpose: 'Demo', amount: price.data, paymentDetails: { subject }, description: `${chosen.label} trial session` });
  };
  const rememberHere = () => rememberIntendedPath(subject === 'English' ? '/book-demo' : `/book-demo?subject=${subject}`);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 lg:px-8 lg:py-14">
      <div className="mb-8 max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Trial session</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight lg:text-4xl">Book your trial session</h1>
        <p className="mt-2 text-base-content/70">Meet a tutor, talk for real and get a plan for your goals.</p>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-8">
        <fieldset className="lg:col-start-1">
          <legend className="mb-3 text-sm font-medium">What would you like to try?</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {subjects.map((s) => {
              const selected = s.value === subject;
              return (
                <label
                  key={s.value}
                  className={`block cursor-pointer rounded-box border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${selected ? 'border-primary bg-primary/5' : 'border-base-300 bg-base-100 hover:border-primary/50'}`}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-semibold">{s.label}</span>
                    <input type="radio" name="demo-subject" value={s.value} checked={selected} onChange={() => choose(s.value)} className="radio radio-primary radio-sm" />
                  </span>
                  <span className="mt-1 block text-sm text-base-content/70">{s.blurb}</span>
                </label>
              );
            })}
          </div>
        </fieldset>

        {/* Beside the choices on desktop; right after them on a phone. */}
        <aside aria-labelledby="demo-summary" className="card h-fit border border-base-300 bg-base-100 shadow-sm lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="card-body gap-4">
            <h2 id="demo-summary" className="card-title">
              {chosen.label} trial
            </h2>
            <div>
              <p className="text-sm text-base-content/70">Trial price</p>
              {price.isPending ? <div className="skeleton mt-1 h-9 w-24" role="status" aria-label="Loading price" /> : null}
              {price.data ? (
                <p className="text-3xl font-bold tabular-nums" data-testid="demo-price">
                  {formatMoney(price.data)}
                </p>
              ) : null}
              {price.isError ? (
                <p role="alert" className="text-sm text-error">
                  {errorMessage(price.error)}{' '}
                  <button type="button" className="btn btn-link btn-xs px-0" onClick={() => void price.refetch()}>
                    Try again
                  </button>
                </p>
              ) : null}
            </div>

            {!signedIn ? (
              <div className="space-y-3">
                <p className="text-sm text-base-content/70">Log in or create a free account to pay for your trial. You will come straight back here.</p>
                <div className="grid grid-cols-2 gap-2">
                  <Link to="/login" onClick={rememberHere} className="btn btn-outline">
                    Log in
                  </Link>
                  <Link to="/login?mode=signup" onClick={rememberHere} className="btn btn-primary">
                    Sign up
                  </Link>
                </div>
              </div>
            ) : demoIsPaid(user, subject) ? (
              <div className="space-y-3">
                <div role="status" className="alert alert-success alert-soft text-sm">
                  <Icon name="check" className="size-5" />
                  <span>{demoIsBooked(user, subject) ? 'Your trial session is booked.' : 'Your trial is paid. Pick a tutor and a time.'}</span>
                </div>
                {demoIsBooked(user, subject) ? (
                  <Link to={subject === 'IELTS' ? '/ielts/session' : '/learner/session'} className="btn btn-primary w-full">
                    See my sessions
                  </Link>
                ) : (
                  <Link to={chosen.bookPath} className="btn btn-primary w-full">
                    Book your demo
                  </Link>
                )}
              </div>
            ) : (
              <button type="button" className="btn btn-primary w-full" disabled={!price.data || !user} aria-disabled={isPending || undefined} onClick={payDemo}>
                {isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                {price.data ? `Pay ${formatMoney(price.data)}` : 'Pay'}
              </button>
            )}
          </div>
        </aside>

        <ol className="grid grid-cols-1 h-fit gap-3 sm:grid-cols-3 lg:col-start-1">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-box border border-base-300 bg-base-100 p-4">
              <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-primary/10 text-primary">
                <Icon name={step.icon} className="size-5" />
              </span>
              <p className="mt-2 text-sm font-semibold">
                {index + 1}. {step.title}
              </p>
              <p className="text-sm text-base-content/70">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
