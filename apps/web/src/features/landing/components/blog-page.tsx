import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';

/** /blog */
export function BlogPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Blog</h1>
      <p className="mt-2 text-base-content/70">Tips for speaking, IELTS and raising money-smart kids.</p>
      <div className="mt-8">
        <EmptyState title="Articles will appear here" icon="news">
          Our writers are preparing the first posts.
        </EmptyState>
      </div>
    </div>
  );
}

/** /organization (marked New in the header) */
export function OrganizationPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 lg:px-8">
      <Badge variant="secondary">New</Badge>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Parley for Organizations</h1>
      <p className="mt-2 max-w-2xl text-base-content/70">
        Give your team or students live spoken-English coaching with shared plans, usage reports and one invoice.
      </p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {[
          ['Team plans', 'Buy sessions in bulk and assign them to people.'],
          ['Reports', 'See attendance and progress for your group.'],
          ['Custom tracks', 'Interview, sales or customer-support English.'],
        ].map(([title, body]) => (
          <li key={title} className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <h2 className="font-semibold">{title}</h2>
              <p className="text-sm text-base-content/70">{body}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/book-demo" className="btn btn-primary mt-8">
        Book a demo for your team
      </Link>
    </div>
  );
}

/** /privacy-policy (footer Resources) */
export function PrivacyPolicyPage() {
  return (
    <article className="prose mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Privacy Policy</h1>
      <p className="mt-4 text-base-content/80">
        Parley keeps the data it needs to run your lessons: your account details, your sessions, your messages with tutors and your payments. Your
        password is stored only as a secure hash, and your sign-in lives in a cookie that scripts on the page cannot read.
      </p>
      <p className="mt-4 text-base-content/80">
        We never sell your data. You can update your profile at any time, and you can ask us to delete your account and its data.
      </p>
    </article>
  );
}
