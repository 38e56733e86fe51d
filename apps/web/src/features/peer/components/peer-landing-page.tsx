import { Link } from 'react-router';
import { EmptyState, PageHeader, PlaceholderPage } from '../../../shared/ui/empty-state';

/** /peer-learning (public landing) */
export function PeerLandingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 lg:px-8">
      <section className="grid items-center gap-10 lg:grid-cols-2">
        <div className="space-y-5">
          <h1 className="text-4xl font-extrabold tracking-tight">Practise speaking with peers, any time.</h1>
          <p className="text-lg text-base-content/75">Quick voice calls with other learners at your level. Every call needs just a few minutes on your peer plan.</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/peer-signup" className="btn btn-primary btn-lg">
              Join Peer Learning
            </Link>
            <Link to="/peer-learning/dashboard" className="btn btn-ghost btn-lg">
              I already have an account
            </Link>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {[
            ['Match fast', 'Meet a learner at your level in moments.'],
            ['Talk for minutes', 'Short calls that fit into your day.'],
            ['Kids too', 'Safe peer practice for kids, with parents in control.'],
            ['Track calls', 'See your past calls and minutes left.'],
          ].map(([title, body]) => (
            <li key={title} className="card border border-base-300 bg-base-100">
              <div className="card-body">
                <h2 className="font-semibold">{title}</h2>
                <p className="text-sm text-base-content/70">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /peer-learning/dashboard */
export function PeerDashboardPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Peer Learning" subtitle="Practise with learners like you." />
      <EmptyState title="Your peer calls will appear here" icon="handshake">
        Start a call when you have at least 5 available minutes on your peer plan.
      </EmptyState>
    </div>
  );
}

/** /kid-peer/dashboard */
export function KidPeerDashboardPage() {
  return <PlaceholderPage title="Kids Peer Learning" subtitle="Safe peer practice for kids." emptyTitle="Your kid's peer calls will appear here" icon="puzzle" />;
}

/** /kid-peer/session (Past Calls) */
export function KidPeerPastCallsPage() {
  return <PlaceholderPage title="Past Calls" emptyTitle="Your past calls will appear here" icon="history" />;
}

/** /kid-peer/profile */
export function KidPeerProfilePage() {
  return <PlaceholderPage title="Peer profile" emptyTitle="Your peer profile will appear here" icon="user" />;
}
