import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { useSetFavourite } from '../api/set-favourite';
import type { TutorViewer } from '../lib/tutor-viewer';

const HEART = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z';

/** Adds or removes the tutor from the viewer's favourites (the caller hides it for new-curriculum learners). */
export function FavouriteButton({ viewer, teacherId, isFavourite }: { viewer: TutorViewer; teacherId: string; isFavourite: boolean }) {
  const favourite = useSetFavourite(viewer);
  const once = useSingleFlight();
  // aria-disabled while it saves, not disabled: the pressed heart keeps the focus; one change at a time.
  const toggle = () => once((done) => favourite.mutate({ teacherId, favourite: !isFavourite }, { onSettled: done }));
  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm ${isFavourite ? 'btn-error text-error-content' : 'btn-ghost border-base-300'}`}
      aria-pressed={isFavourite}
      aria-label={isFavourite ? 'Remove from favourites' : 'Add to favourites'}
      title={isFavourite ? 'Remove from favourites' : 'Add to favourites'}
      aria-disabled={favourite.isPending || undefined}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" className="size-4" fill={isFavourite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <path d={HEART} strokeLinejoin="round" />
      </svg>
    </button>
  );
}
