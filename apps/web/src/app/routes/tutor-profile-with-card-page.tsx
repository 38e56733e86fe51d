import { TutorProfilePage } from '../../features/tutor-area/components/tutor-profile-page';
import { TutorCardPreview } from '../../features/tutors/components/tutor-card-preview';

/** /teacher/profile: the tutor's profile form, beside their card as learners see it while they type. */
export function TutorProfileWithCardPage() {
  return <TutorProfilePage preview={(card) => <TutorCardPreview {...card} />} />;
}
