/** A failed load: what went wrong and a Try again button (the caller's query refetch). */
export function RetryAlert({ message, onRetry, retrying = false, className = '' }: { message: string; onRetry: () => void; retrying?: boolean; className?: string }) {
  return (
    <div role="alert" className={`alert alert-error alert-soft flex flex-wrap justify-between ${className}`}>
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        Try again
      </button>
    </div>
  );
}
