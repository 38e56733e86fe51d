/** A grid of short cards, a title and a line each: the selling points on public pages. */
export function InfoCards({ items, className }: { items: readonly (readonly [title: string, body: string])[]; className: string }) {
  return (
    <ul className={`grid gap-4 ${className}`}>
      {items.map(([title, body]) => (
        <li key={title} className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="font-semibold">{title}</h2>
            <p className="text-sm text-base-content/70">{body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
