import type { ReactNode } from 'react';

// daisyUI badge colours (the spec's badge colours are daisyUI's). Literal class
// names so Tailwind sees them.
const variants = {
  primary: 'badge-primary',
  secondary: 'badge-secondary',
  accent: 'badge-accent',
  info: 'badge-info',
  success: 'badge-success',
  error: 'badge-error',
  warning: 'badge-warning',
  neutral: 'badge-neutral',
} as const;

export type BadgeVariant = keyof typeof variants;

/** `wraps`: words may go onto a second line and the pill grows with them (a narrow table column), instead of spilling out of it. */
export function Badge({ variant = 'neutral', children, size = 'sm', wraps = false }: { variant?: BadgeVariant; children: ReactNode; size?: 'xs' | 'sm' | 'md'; wraps?: boolean }) {
  const sizeClass = size === 'xs' ? 'badge-xs' : size === 'sm' ? 'badge-sm' : 'badge-md';
  const wrapClass = wraps ? ' h-auto min-h-5 py-0.5 whitespace-normal' : '';
  return <span className={`badge ${variants[variant]} ${sizeClass} font-semibold${wrapClass}`}>{children}</span>;
}
