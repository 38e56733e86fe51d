/** Stands in for a form while its code loads, at roughly its height, so nothing jumps when it arrives. */
export function FormSkeleton({ label, fields }: { label: string; fields: number }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="space-y-1">
          <div className="skeleton h-4 w-32" />
          <div className="skeleton h-10 w-full" />
        </div>
      ))}
      <div className="skeleton h-10 w-40" />
    </div>
  );
}
