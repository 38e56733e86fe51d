import { useEffect, useRef, type ReactNode } from 'react';

/** The purchase's message and the next steps; takes focus, since the buttons it replaces are gone. */
export function PaidPanel({ message, children }: { message: string; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} tabIndex={-1} className="space-y-3 outline-none">
      <p className="alert alert-success alert-soft text-sm">{message}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}
