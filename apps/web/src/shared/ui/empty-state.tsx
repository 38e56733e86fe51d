import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

/**
 * An honest placeholder for a screen whose data or tools arrive later: never fake data. Its title is
 * an h2, or an h3 (`level`) where it stands inside a section that has its own h2 (WCAG 1.3.1).
 */
export function EmptyState({ title, children, action, icon = 'sparkles', level = 2 }: { title: string; children?: ReactNode; action?: ReactNode; icon?: IconName; level?: 2 | 3 }) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className="flex flex-col items-center justify-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-14 text-center">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <Icon name={icon} className="size-6" />
      </span>
      <Heading className="text-lg font-semibold">{title}</Heading>
      {children ? <div className="max-w-md text-sm text-base-content/70">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </section>
  );
}

/** A page heading with an optional subtitle, used by every area page. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {/* A long unbroken title (a course's, say) wraps instead of widening a phone's page. */}
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-base-content/70">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex gap-2">{actions}</div> : null}
    </div>
  );
}

type PlaceholderPageProps = {
  title: string;
  subtitle?: string;
  icon?: IconName;
  action?: ReactNode;
  headerActions?: ReactNode;
};

/**
 * A page whose feature is not built yet. It says so plainly, so nobody mistakes it for a
 * working page with no data.
 */
export function PlaceholderPage({ title, subtitle, icon, action, headerActions }: PlaceholderPageProps) {
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} actions={headerActions} />
      <EmptyState title="Coming soon" icon={icon} action={action}>
        {title} is still being built, so there is nothing to use here yet.
      </EmptyState>
    </div>
  );
}
