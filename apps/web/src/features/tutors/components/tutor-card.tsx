import type { TeacherCard as Tutor } from '@parley/domain/booking';
import { TutorAvatar } from './tutor-avatar';
import { TutorRating } from './tutor-rating';
import { TutorTags } from './tutor-tags';

/** One tutor in the list: picture, name, rating, rating count and shortened tags; opens the drawer. */
export function TutorCard({ tutor, onOpen }: { tutor: Tutor; onOpen: () => void }) {
  return (
    <article className="card border border-base-300 bg-base-100 transition-shadow hover:shadow-md">
      <div className="card-body gap-3 p-5">
        <div className="flex items-center gap-4">
          <TutorAvatar image={tutor.image} />
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold">
              {tutor.name}
              {tutor.isFavourite ? (
                <span className="ml-1 text-error" title="Favourite">
                  <span aria-hidden="true">♥</span>
                  <span className="sr-only">(favourite)</span>
                </span>
              ) : null}
            </h2>
            <TutorRating rating={tutor.rating} ratingCount={tutor.ratingCount} />
          </div>
        </div>
        <TutorTags tags={tutor.tags} label={`${tutor.name}'s tags`} />
        <div className="card-actions mt-auto justify-end">
          <button type="button" className="btn btn-primary btn-sm" onClick={onOpen}>
            View schedule<span className="sr-only"> of {tutor.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
