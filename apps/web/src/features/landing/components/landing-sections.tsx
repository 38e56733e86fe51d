import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { Icon } from '../../../shared/ui/icon';
import { SectionLink } from '../../../shared/ui/section-link';
import { BookTrialButton, PLANS_SECTION_ID } from './landing-header';
import { HeroIllustration } from './hero-illustration';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-primary/5 to-base-100">
      <div className="mx-auto grid grid-cols-1 max-w-7xl items-center gap-10 px-4 py-14 lg:grid-cols-2 lg:px-8 lg:py-20">
        <div className="min-w-0 space-y-6">
          <Badge variant="accent" size="md">Live 1:1 tutoring</Badge>
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight wrap-break-word sm:text-5xl">
            Speak English with <span className="text-primary">confidence</span>, one conversation at a time.
          </h1>
          <p className="max-w-xl text-lg text-base-content/75">
            Parley pairs you with friendly tutors for spoken English, IELTS and kids' classes. Book a session that fits your day, chat with your tutor between classes and watch your fluency grow.
          </p>
          <div className="flex flex-wrap gap-3">
            <BookTrialButton size="lg" />
            <SectionLink to="verticals" className="btn btn-outline btn-lg h-auto min-h-(--size) shrink whitespace-normal">
              Explore programmes
            </SectionLink>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-base-content/70">
            <li>✓ Sessions from 15 minutes</li>
            <li>✓ Tutors in your timezone</li>
            <li>✓ Chat with your tutor</li>
          </ul>
        </div>
        <div className="flex justify-center">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}

const verticals = [
  {
    id: 'english',
    title: 'Spoken English',
    body: 'Short, focused conversation sessions with tutors who correct gently and keep you talking.',
    to: '/learner/subscription-plans?subject=English',
    cta: 'See English plans',
    tone: 'bg-primary/10 text-primary',
    icon: 'chat',
  },
  {
    id: 'ielts',
    title: 'IELTS preparation',
    body: 'Speaking mock tests, band-focused feedback and practice material from IELTS specialists.',
    to: '/ielts/subscription-plans',
    cta: 'Prepare for IELTS',
    tone: 'bg-secondary/10 text-secondary',
    icon: 'target',
  },
  {
    id: 'kids',
    title: 'Kids: English and Financial Education',
    body: 'Playful 25-minute classes for children. Manage up to three kid profiles from one parent account.',
    to: '/kids/dashboard',
    cta: 'Explore kids classes',
    tone: 'bg-accent/10 text-accent',
    icon: 'child',
  },
  {
    id: 'peer',
    title: 'Peer Learning',
    body: 'Practise with other learners in quick calls whenever you have a few minutes to spare.',
    to: '/peer-learning',
    cta: 'Try Peer Learning',
    tone: 'bg-success/10 text-success',
    icon: 'handshake',
  },
  {
    id: 'courses',
    title: 'Courses and AI Courses',
    body: 'Self-paced courses for grammar, interviews and workplace English, with new AI-guided courses.',
    to: '/courses',
    cta: 'Browse courses',
    tone: 'bg-warning/20 text-warning-content',
    icon: 'book',
  },
] as const;

export function VerticalSections() {
  return (
    <section id="verticals" aria-labelledby="verticals-title" className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
      <div className="mb-10 max-w-2xl">
        <h2 id="verticals-title" className="text-3xl font-bold tracking-tight">
          One place for every way you learn
        </h2>
        <p className="mt-2 text-base-content/70">Pick a programme; switch any time from your dashboard.</p>
      </div>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {verticals.map((v) => (
          <article key={v.id} id={`vertical-${v.id}`} className="card border border-base-300 bg-base-100 transition-shadow hover:shadow-lg">
            <div className="card-body">
              <span aria-hidden="true" className={`grid size-12 place-items-center rounded-2xl ${v.tone}`}>
                <Icon name={v.icon} className="size-6" />
              </span>
              <h3 className="card-title mt-2">{v.title}</h3>
              <p className="text-sm text-base-content/70">{v.body}</p>
              <div className="card-actions mt-2">
                <Link to={v.to} className="link link-primary font-semibold">
                  {v.cta} →
                </Link>
              </div>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

const steps = [
  { title: 'Book a trial', body: 'Pick a tutor and a time that suits you.' },
  { title: 'Talk for real', body: 'Live 1:1 video sessions built around conversation.' },
  { title: 'Keep going', body: 'Chat with your tutor and book the next session in a tap.' },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-base-200/60">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
        <h2 id="how-title" className="text-3xl font-bold tracking-tight">
          How Parley works
        </h2>
        <ol className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-box bg-base-100 p-6 shadow-sm">
              <span className="grid size-9 place-items-center rounded-full bg-primary text-sm font-bold text-primary-content">{index + 1}</span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-base-content/70">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const planKinds = [
  { name: 'Quick learner', body: 'Use your sessions at your own pace, as often as you like.', features: ['Flexible schedule', 'Chat with tutors', 'Backlog sessions carry over'] },
  { name: 'Weekly rhythm', body: 'A steady number of sessions every week to build a habit.', features: ['Weekly sessions', 'Same tutor or explore', 'Progress tracking'], featured: true },
  { name: 'Kids', body: 'Buy session packs for each kid and pay from your wallet.', features: ['Up to 3 kid profiles', 'English and Financial Education', '25-minute classes'] },
];

/** The plans teaser; /index-affiliate's header button scrolls here. */
export function PlansTeaser() {
  return (
    <section id={PLANS_SECTION_ID} aria-labelledby="plans-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 lg:px-8">
      <div className="mb-10 text-center">
        <h2 id="plans-title" className="text-3xl font-bold tracking-tight">
          Plans for every pace
        </h2>
        <p className="mt-2 text-base-content/70">Prices are shown in your currency when you choose a plan.</p>
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {planKinds.map((plan) => (
          <article key={plan.name} className={`card border bg-base-100 ${'featured' in plan ? 'border-primary shadow-xl' : 'border-base-300'}`}>
            <div className="card-body">
              <div className="flex items-center justify-between">
                <h3 className="card-title">{plan.name}</h3>
                {'featured' in plan ? <Badge variant="primary">Popular</Badge> : null}
              </div>
              <p className="text-sm text-base-content/70">{plan.body}</p>
              <ul className="mt-2 space-y-1 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature}>✓ {feature}</li>
                ))}
              </ul>
              <div className="card-actions mt-4">
                <Link to="/subscription" className={`btn btn-block ${'featured' in plan ? 'btn-primary' : 'btn-outline'}`}>
                  See plans
                </Link>
              </div>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
