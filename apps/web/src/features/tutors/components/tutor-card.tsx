import type { TeacherCard as Teacher } from '@parley/domain/booking';
import { TutorAvatar } from './tutor-avatar';
import { TutorRating } from './tutor-rating';
import { TutorTags } from './tutor-tags';

/** One tutor in the list: picture, name, rating, rating count and shortened tags; opens the drawer. */
export function TutorCard({ teacher, onOpen }: { teacher: Teacher; onOpen: () => void }) {
  return (
    <article className="card border border-base-300 bg-base-100 transition-shadow hover:shadow-md">
      <div className="card-body gap-3 p-5">
        <div className="flex items-center gap-4">
          <TutorAvatar image={teacher.image} />
          <div className="min-w-0">
            <h3 className="truncate text-base font-semibold">
              {teacher.name}
              {teacher.isFavourite ? (
                <span className="ml-1 text-error" title="Favourite">
                  <span aria-hidden="true">♥</span>
                  <span className="sr-only">(favourite)</span>
                </span>
              ) : null}
            </h3>
            <TutorRating rating={teacher.rating} ratingCount={teacher.ratingCount} />
          </div>
        </div>
        <TutorTags tags={teacher.tags} label={`${teacher.name}'s tags`} />
        <div className="card-actions mt-auto justify-end">
          <button type="button" className="btn btn-primary btn-sm" onClick={onOpen}>
            View schedule<span className="sr-only"> of {teacher.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
