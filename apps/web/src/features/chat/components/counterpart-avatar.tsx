/** A tutor's image, or a learner's initial when there is no image. */
export function CounterpartAvatar({ name, image, size = 'md' }: { name: string; image: string | null; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'size-9' : 'size-10';
  if (image) {
    return <img src={image} alt="" className={`${box} shrink-0 rounded-full bg-base-200 object-cover`} loading="lazy" />;
  }
  return (
    <span aria-hidden="true" className={`${box} grid shrink-0 place-items-center rounded-full bg-primary/10 font-semibold text-primary`}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
