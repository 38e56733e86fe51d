import { useId, type ReactNode } from 'react';

/** The width from which a wide table shows; below it the page shows its cards instead. */
const shownFrom = { md: 'md:block', lg: 'lg:block', xl: 'xl:block' } as const;

/** A column's header: its text, or its text (screen-reader-only if need be) and classes. */
export type WideTableColumn = string | { label: ReactNode; className?: string };

type Props = {
  caption: ReactNode;
  columns: readonly WideTableColumn[];
  from: keyof typeof shownFrom;
  /** The rows, `<tr>`s. */
  children: ReactNode;
};

/**
 * A table for wide screens: its caption is read by screen readers and names the region, which
 * scrolls sideways when the columns overflow and is focusable so a keyboard can scroll it.
 */
export function WideTable({ caption, columns, from, children }: Props) {
  const captionId = useId();
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className={`hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 ${shownFrom[from]}`}>
      <table className="table table-sm align-top">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="text-base-content/80">
          <tr>
            {columns.map((column, index) => {
              const { label, className } = typeof column === 'string' ? { label: column, className: undefined } : column;
              return (
                <th key={index} scope="col" className={className}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
