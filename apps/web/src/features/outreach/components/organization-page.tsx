import { lazy, Suspense } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Icon, type IconName } from '../../../shared/ui/icon';
import { SectionLink } from '../../../shared/ui/section-link';
import { useAfterFirstPaint } from './after-first-paint';
import { FormSkeleton } from './form-skeleton';

// The form (react-hook-form and the schemas) is asked for once the page's text has painted.
const OrganizationInquiryForm = lazy(() => import('./organization-inquiry-form').then((module) => ({ default: module.OrganizationInquiryForm })));

const offers: { icon: IconName; title: string; body: string }[] = [
  {
    icon: 'chat',
    title: 'Live 1:1 speaking sessions',
    body: 'Each person gets their own tutor time, booked around their shifts and time zone, with gentle correction and lots of speaking.',
  },
  {
    icon: 'target',
    title: 'Tracks built around real work',
    body: 'Client calls, meetings and presentations, customer support, or interview practice for a placement season: sessions follow the situations your people face.',
  },
  {
    icon: 'award',
    title: 'IELTS for people moving abroad',
    body: 'Speaking mock tests with band-focused feedback for staff or students preparing for study, work or migration.',
  },
  {
    icon: 'book',
    title: 'Practice between sessions',
    body: 'Self-paced courses and peer practice calls keep English in the week, not just in the lesson.',
  },
];

const steps = [
  ['Tell us about your team', 'Who will learn, what they need English for, and your timeline.'],
  ['We agree a plan', 'Number of people, sessions per person and the focus of each track, on one agreement and one invoice.'],
  ['Your people start speaking', 'Everyone books sessions that fit their day; you get a regular summary of sessions used.'],
] as const;

/** /organization (marked New in the header): what Parley offers teams, and a way to reach us. */
export function OrganizationPage() {
  const formWanted = useAfterFirstPaint();
  return (
    <div>
      <section className="bg-gradient-to-b from-primary/5 to-base-100">
        <div className="mx-auto max-w-5xl px-4 py-12 lg:px-8 lg:py-16">
          <Badge variant="secondary">New</Badge>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Parley for Organizations</h1>
          <p className="mt-3 max-w-2xl text-lg text-base-content/80">
            Spoken-English coaching for companies, colleges and training teams. Your people practise with friendly, experienced tutors, one to one, and grow the confidence to speak up at work.
          </p>
          <SectionLink to="contact" className="btn btn-primary mt-6">
            Talk to our team
          </SectionLink>
        </div>
      </section>

      <section aria-labelledby="offers-title" className="mx-auto max-w-5xl px-4 py-12 lg:px-8">
        <h2 id="offers-title" className="text-2xl font-bold tracking-tight">
          What we offer
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
          {offers.map((offer) => (
            <li key={offer.title} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-2">
                <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary">
                  <Icon name={offer.icon} className="size-5" />
                </span>
                <h3 className="font-semibold">{offer.title}</h3>
                <p className="text-sm text-base-content/80">{offer.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-5xl px-4 pb-12 lg:px-8">
        <h2 id="steps-title" className="text-2xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
          {steps.map(([title, body], index) => (
            <li key={title} className="flex gap-3">
              <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-content">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-base-content/80">{body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section id="contact" aria-labelledby="organization-form-title" className="scroll-mt-20 bg-base-200/60">
        <div className="mx-auto max-w-3xl px-4 py-12 lg:px-8">
          <h2 id="organization-form-title" className="text-2xl font-bold tracking-tight">
            Talk to us
          </h2>
          <p className="mt-2 text-base-content/80">Tell us a little about your team and we will reply within two working days.</p>
          <div className="mt-6 rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
            {formWanted ? (
              <Suspense fallback={<FormSkeleton label="Loading the contact form" fields={5} />}>
                <OrganizationInquiryForm />
              </Suspense>
            ) : (
              <FormSkeleton label="Loading the contact form" fields={5} />
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
