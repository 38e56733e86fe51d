import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAfterFirstPaint } from './after-first-paint';
import { FormSkeleton } from './form-skeleton';

// The form (react-hook-form, the schemas, the country list) is asked for once the page's text has painted.
const TutorApplicationForm = lazy(() => import('./tutor-application-form').then((module) => ({ default: module.TutorApplicationForm })));

const reasons = [
  ['Teach from anywhere', 'Sessions happen in the browser: all you need is a quiet room, a headset and a steady connection.'],
  ['Choose your hours', 'Open the slots that suit you each week; learners book into them in their own time zone.'],
  ['Learners who want to talk', 'Adults building speaking confidence, IELTS candidates and kids: short, focused sessions with a clear goal.'],
] as const;

/** /teach-with-us (footer Resources → Teach with Us): why tutor with Parley, and the application. */
export function TeachWithUsPage() {
  const formWanted = useAfterFirstPaint();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Teach with Parley</h1>
      <p className="mt-3 text-lg text-base-content/80">
        We are looking for patient, encouraging tutors of spoken English, IELTS, kids' English and financial education. Tell us about yourself and our team will be in touch.
      </p>
      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {reasons.map(([title, body]) => (
          <li key={title} className="rounded-box border border-base-300 bg-base-100 p-4">
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-base-content/80">{body}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="application-title" className="mt-10 rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
        <h2 id="application-title" className="text-2xl font-bold tracking-tight">
          Apply to teach
        </h2>
        <p className="mt-1 mb-6 text-sm text-base-content/80">It takes about five minutes. We read every application.</p>
        {formWanted ? (
          <Suspense fallback={<FormSkeleton label="Loading the application form" fields={7} />}>
            <TutorApplicationForm />
          </Suspense>
        ) : (
          <FormSkeleton label="Loading the application form" fields={7} />
        )}
      </section>
      <p className="mt-6 text-sm text-base-content/80">
        Already tutoring with us?{' '}
        <Link to="/teacher/login" className="link">
          Log in to the tutor area
        </Link>
      </p>
    </div>
  );
}
