import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { InfoCards } from '../../../shared/ui/info-cards';

/** /organization (marked New in the header) */
export function OrganizationPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 lg:px-8">
      <Badge variant="secondary">New</Badge>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Parley for Organizations</h1>
      <p className="mt-2 max-w-2xl text-base-content/70">
        Give your team or students live spoken-English coaching with shared plans, usage reports and one invoice.
      </p>
      <InfoCards
        className="mt-8 md:grid-cols-3"
        items={[
          ['Team plans', 'Buy sessions in bulk and assign them to people.'],
          ['Reports', 'See attendance and progress for your group.'],
          ['Custom tracks', 'Interview, sales or customer-support English.'],
        ]}
      />
      <Link to="/book-demo" className="btn btn-primary mt-8">
        Book a demo for your team
      </Link>
    </div>
  );
}
