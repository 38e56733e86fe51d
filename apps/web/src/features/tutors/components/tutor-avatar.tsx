/** The tutor's picture (served by /api/assets); decorative beside the name. */
export function TutorAvatar({ image, size = 'md' }: { image: string; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-20' : 'size-14';
  return (
    <span aria-hidden="true" className={`${box} shrink-0 overflow-hidden rounded-full bg-primary/10 ring-2 ring-base-100`}>
      <img src={image} alt="" className="size-full object-cover" loading="lazy" />
    </span>
  );
}
