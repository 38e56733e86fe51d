import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from '../../../shared/ui/icon';

/** What a form turns into once it is sent: the server's thanks, focused so it is read out. */
export function SentNotice({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-box border border-success/40 bg-success/5 px-6 py-10 text-center">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-success/15 text-success">
        <Icon name="check" className="size-6" />
      </span>
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h3>
      <p className="max-w-md text-base-content/80">{message}</p>
      {children}
    </div>
  );
}
