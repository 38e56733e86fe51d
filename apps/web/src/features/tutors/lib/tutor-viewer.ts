import type { BookingSubject } from '@parley/domain/booking';

/** Who browses tutors: the learner, or the active kid (kid pages call with x-parley-as: kid). */
export type TutorAudience = 'learner' | 'kid';

/**
 * The viewer of the tutor panel. `id` keys every cache entry, so one kid's favourites or
 * schedule never show under another kid; `timeZone` is the zone slots are asked for and shown in.
 */
export type TutorViewer = {
  as: TutorAudience;
  id: string;
  timeZone: string;
  subject: BookingSubject;
  forKids: boolean;
  /** Hidden for new-curriculum learners (showsFavourite). */
  showsFavourite: boolean;
};

/** The query-key head of everything the tutor panel caches for one viewer. */
export const tutorsKey = (viewer: Pick<TutorViewer, 'as' | 'id'>) => ['tutors', viewer.as, viewer.id] as const;
