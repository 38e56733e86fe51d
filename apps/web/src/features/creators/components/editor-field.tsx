import { cloneElement, type ReactElement, type ReactNode } from 'react';

type EditorFieldProps = {
  /** The control's id: error lists and problem links point at it. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** One input, select or textarea; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
};

/** A labelled control of the course editor with its hint and error tied to it for screen readers. */
export function EditorField({ id, label, error, hint, children, className = '' }: EditorFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/80">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "120 of 5,000 characters": shown under a long text field. */
export function characterCount(text: string, max: number): string {
  return `${text.length.toLocaleString('en-US')} of ${max.toLocaleString('en-US')} characters`;
}
