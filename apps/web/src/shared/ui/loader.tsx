/** A spinner with an accessible label. */
export function Spinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  const sizeClass = size === 'sm' ? 'loading-sm' : size === 'lg' ? 'loading-lg' : 'loading-md';
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span className={`loading loading-spinner ${sizeClass} text-primary`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Placeholder blocks shaped like a page while its code or data loads. */
export function PageSkeleton({ label = 'Loading page', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`mx-auto w-full max-w-5xl space-y-4 p-6 ${className}`}>
      <span className="sr-only">{label}</span>
      <div className="skeleton h-8 w-1/3" />
      <div className="skeleton h-4 w-2/3" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div className="skeleton h-28" />
        <div className="skeleton h-28" />
        <div className="skeleton h-28" />
      </div>
      <div className="skeleton h-48" />
    </div>
  );
}

/** A full-screen centred spinner for route-level waits. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} size="lg" />
    </div>
  );
}
