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

export function Badge({ variant = 'neutral', children, size = 'sm' }: { variant?: BadgeVariant; children: ReactNode; size?: 'xs' | 'sm' | 'md' }) {
  const sizeClass = size === 'xs' ? 'badge-xs' : size === 'sm' ? 'badge-sm' : 'badge-md';
  return <span className={`badge ${variants[variant]} ${sizeClass} font-semibold`}>{children}</span>;
}
