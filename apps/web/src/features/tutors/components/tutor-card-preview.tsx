import type { TeacherCard } from '@parley/domain/booking';
import { TutorAvatar } from './tutor-avatar';
import { TutorBio } from './tutor-bio';
import { TutorRating } from './tutor-rating';
import { TutorTags } from './tutor-tags';

type Props = Pick<TeacherCard, 'name' | 'image' | 'rating' | 'ratingCount' | 'tags'> & { bio: string };

/** A tutor's card as learners read it (picture, name, rating, shortened tags, bio with Read more), for the tutor to check their own. */
export function TutorCardPreview({ name, image, rating, ratingCount, tags, bio }: Props) {
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <div className="flex items-center gap-4">
          <TutorAvatar image={image} />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold">{name}</p>
            <TutorRating rating={rating} ratingCount={ratingCount} />
          </div>
        </div>
        <TutorTags tags={tags} label="Your tags as shown" />
        <TutorBio bio={bio} />
      </div>
    </div>
  );
}
