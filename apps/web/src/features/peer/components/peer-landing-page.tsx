import { Link } from 'react-router';
import { PEER_LOG_IN_PATH } from '@parley/domain/roles';
import { InfoCards } from '../../../shared/ui/info-cards';
import { hasSession } from '../../../shared/lib/session';

/** /peer-learning (public landing) */
export function PeerLandingPage() {
  // Signed in already: straight to the dashboard; otherwise to /peer-signup's log-in form, not its sign-up form.
  const signedIn = hasSession('learner') || hasSession('peer');
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 lg:px-8">
      <section className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2">
        <div className="space-y-5">
          <h1 className="text-4xl font-extrabold tracking-tight">Practise speaking with peers, any time.</h1>
          <p className="text-lg text-base-content/75">Quick video or voice calls with other learners at your level. Every call needs just a few minutes on your peer plan.</p>
          <div className="flex flex-wrap gap-3">
            {/* A learner's (or peer's) account opens peer learning as it is: no second account. */}
            <Link to={signedIn ? '/peer-learning/dashboard' : '/peer-signup'} className="btn btn-primary btn-lg">
              Join Peer Learning
            </Link>
            <Link to={signedIn ? '/peer-learning/dashboard' : PEER_LOG_IN_PATH} className="btn btn-ghost btn-lg h-auto min-h-12 max-w-full py-2 whitespace-normal">
              I already have an account
            </Link>
          </div>
        </div>
        <InfoCards
          className="sm:grid-cols-2"
          items={[
            ['Match fast', 'Meet a learner at your level in moments.'],
            ['Talk for minutes', 'Short calls that fit into your day.'],
            ['Kids too', 'Safe peer practice for kids, with parents in control.'],
            ['Track calls', 'See your past calls and minutes left.'],
          ]}
        />
      </section>
    </div>
  );
}
