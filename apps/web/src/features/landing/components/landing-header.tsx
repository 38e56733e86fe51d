import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { HEADER_SHADOW_SCROLL_PX } from '@parley/domain/constants';
import { homePathByRole } from '@parley/domain/roles';
import { Brand } from '../../../shared/ui/brand';
import { Badge } from '../../../shared/ui/badge';
import { useScrolledPast } from '../../../shared/lib/use-scrolled-past';
import { hasSession } from '../../../shared/lib/session';

const TrialPriceLabel = lazy(() => import('./trial-price-label'));

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/courses', label: 'Courses' },
  { to: '/blog', label: 'Blogs' },
  { to: '/organization', label: 'For Organizations', isNew: true },
] as const;

export const PLANS_SECTION_ID = 'plans';

/** Whose dashboard "My dashboard" opens, learner first; the trial is offered to learners and visitors only. */
const dashboardRoles = ['learner', 'peer', 'teacher', 'influencer', 'moderator'] as const;
const learnerRoles: ReadonlySet<string> = new Set(['learner', 'peer']);

/** Landing header; `affiliate` (/index-affiliate) shows no menu links and a button to the plans. */
export function LandingHeader({ variant = 'default' }: { variant?: 'default' | 'affiliate' }) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu from anywhere in the header, and focus goes back to its button.
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  const onIelts = pathname.toLowerCase().includes('/ielts');
  const signedInAs = dashboardRoles.find(hasSession);
  const offerTrial = !onIelts && (signedInAs === undefined || learnerRoles.has(signedInAs));

  return (
    <header
      onKeyDown={closeOnEscape}
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b border-base-300/60 bg-base-100/95 backdrop-blur transition-shadow ${scrolled ? 'shadow-md' : 'shadow-none'}`}
    >
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 lg:px-8">
        <Brand />
        {variant === 'default' ? (
          <nav aria-label="Main" className="ml-6 hidden lg:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={'end' in link} className={({ isActive }) => `btn btn-ghost btn-sm font-medium ${isActive ? 'text-primary' : ''}`}>
                    {link.label}
                    {'isNew' in link ? <Badge variant="secondary" size="xs">New</Badge> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          {variant === 'affiliate' ? (
            <button type="button" className="btn btn-primary btn-sm sm:btn-md" onClick={scrollToPlans}>
              View plans
            </button>
          ) : (
            <>
              {signedInAs ? (
                <Link to={homePathByRole[signedInAs]} className="btn btn-ghost btn-sm sm:btn-md">
                  My dashboard
                </Link>
              ) : (
                <Link to="/login" className="btn btn-outline btn-primary btn-sm sm:btn-md">
                  Login
                </Link>
              )}
              {offerTrial ? <BookTrialButton className="hidden sm:inline-flex" /> : null}
              <button
                ref={menuButton}
                type="button"
                className="btn btn-ghost btn-square btn-sm lg:hidden"
                aria-label="Open menu"
                aria-expanded={menuOpen}
                aria-controls="landing-mobile-menu"
                onClick={() => setMenuOpen((open) => !open)}
              >
                <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
                  <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </>
          )}
        </div>
      </div>
      {/* Always rendered (hidden while closed), so the menu button's aria-controls points at it. */}
      {variant === 'default' ? (
        <nav id="landing-mobile-menu" aria-label="Main mobile" hidden={!menuOpen} className="border-t border-base-300 bg-base-100 px-4 pb-4 lg:hidden">
          <ul className="menu w-full">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={'end' in link} onClick={() => setMenuOpen(false)}>
                  {link.label}
                  {'isNew' in link ? <Badge variant="secondary" size="xs">New</Badge> : null}
                </NavLink>
              </li>
            ))}
          </ul>
          {offerTrial ? <BookTrialButton className="w-full sm:hidden" /> : null}
        </nav>
      ) : null}
    </header>
  );
}

/** "Book Your Trial" labelled with the trial price for the visitor's country (GET /api/pricing/trial). */
export function BookTrialButton({ className = '', size = 'md' }: { className?: string; size?: 'md' | 'lg' }) {
  // A large one may wrap its label (its height grows) rather than run off a narrow screen (WCAG 1.4.12).
  const sizeClass = size === 'lg' ? 'btn-lg h-auto min-h-(--size) shrink whitespace-normal' : 'btn-sm sm:btn-md';
  return (
    <Link to="/book-demo" className={`btn btn-primary ${sizeClass} ${className}`}>
      Book Your Trial
      <Suspense fallback={null}>
        <TrialPriceLabel />
      </Suspense>
    </Link>
  );
}

export function scrollToPlans() {
  // No `behavior`: the page's scroll-behavior decides, smooth only without prefers-reduced-motion (index.css).
  document.getElementById(PLANS_SECTION_ID)?.scrollIntoView({ block: 'start' });
}
