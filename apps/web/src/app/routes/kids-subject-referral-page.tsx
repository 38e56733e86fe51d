import { useParams } from 'react-router';
import { kidSubjectBySlug, isKidSubjectSlug } from '../../features/kids/components/kid-subjects';
import { ReferAndEarnPage } from '../../features/referral/components/refer-and-earn-page';

/** /kids/{subject}/referral: the parent's Refer & Earn summary, with a way back to the subject. */
export function KidsSubjectReferralPage() {
  const { subject } = useParams();
  if (!isKidSubjectSlug(subject)) return null;
  const { label } = kidSubjectBySlug(subject);
  return <ReferAndEarnPage audience="family" back={{ to: `/kids/${subject}`, label: `Back to ${label}` }} />;
}
