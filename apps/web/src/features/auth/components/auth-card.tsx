import type { ReactNode } from 'react';
import { Brand } from '../../../shared/ui/brand';

/** The centred card every sign-in page uses. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary/10 via-base-200 to-secondary/10 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Brand />
        </div>
        <section className="card bg-base-100 shadow-xl">
          <div className="card-body gap-5">
            <header>
              <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
              {subtitle ? <p className="mt-1 text-sm text-base-content/70">{subtitle}</p> : null}
            </header>
            {children}
          </div>
        </section>
        {footer ? <div className="mt-6 text-center text-sm text-base-content/70">{footer}</div> : null}
      </div>
    </main>
  );
}
