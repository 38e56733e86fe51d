import { useId, type ReactElement, type ReactNode, cloneElement } from 'react';

type FieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** One input/select/textarea; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
};

/** A labelled form control with its error text and hint wired for screen readers (the error read first). */
export function FormField({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {/* Kept while in error: the hint often says the rule the error refers to ("At least 5 characters"). */}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
