// The private learner area (one lazy chunk): layout and every page under the learner sidebar.
import { Navigate, Outlet, useParams } from 'react-router';
import { BookSessionButton } from '../../features/booking/components/book-session-button';
import { BookSessionPage, SessionsPage } from '../../features/booking/components/booking-pages';
import { UpcomingSessionsPreview } from '../../features/booking/components/session-list';
import { AiCoursePage, AiCoursesPage } from '../../features/courses/components/courses-pages';
import {
  CertificatesPage,
  CurriculumHomePage,
  CurriculumProgressPage,
  MyCurriculumPage,
} from '../../features/curriculum/components/curriculum-pages';
import { LearnerHomePage } from '../../features/learner-shell/components/learner-home-page';
import {
  KidPeerDashboardPage,
  KidPeerPastCallsPage,
  KidPeerProfilePage,
  PeerDashboardPage,
} from '../../features/peer/components/peer-pages';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { ReferAndEarnPage } from '../../features/referral/components/refer-and-earn-page';
import { AllPlansPage, SubscriptionPlansPage, isKnownPlanVertical } from '../../features/subscriptions/components/subscription-pages';
import { TeachersPage } from '../../features/tutors/components/teachers-page';
import { TutorDirectory } from '../../features/tutors/components/tutor-directory';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';
import { WalletPage } from '../../features/wallet/components/wallet-page';
import { useCurrentUser } from '../../shared/lib/current-user';
import { NotFoundPage } from '../not-found';

export { LearnerLayout } from '../layouts/learner-layout';

/** /learner; spec §2.2: a learner with isNewCurriculum is sent to /learner/subscription-plans. */
export function LearnerHome() {
  const { data: user } = useCurrentUser('learner');
  if (user?.isNewCurriculum) return <Navigate to="/learner/subscription-plans" replace />;
  const upcoming = user ? (
    <UpcomingSessionsPreview
      ownerId={user._id}
      timeZone={user.timezone}
      sessionsPath="/learner/session"
      bookPath={user.isMigratedToCurriculum ? null : '/learner/book-a-session'}
    />
  ) : null;
  return <LearnerHomePage user={user ?? null} upcoming={upcoming} />;
}

export const LearnerBookSession = () => <BookSessionPage subject="English" TutorPicker={TutorDirectory} />;
export const LearnerSessions = () => <SessionsPage subject="English" />;
export const LearnerTeachers = () => <TeachersPage subject="English" BookButton={BookSessionButton} />;
export const LearnerPlans = () => <SubscriptionPlansPage vertical="learner" AddMoney={AddMoneyModal} />;
export const LearnerAllPlans = () => <AllPlansPage AddMoney={AddMoneyModal} />;
export const LearnerMyCourses = MyCurriculumPage;
export const LearnerCertificates = CertificatesPage;
export const ReferAndEarn = ReferAndEarnPage;
export const Profile = ProfilePage;
export const CurriculumPricing = () => <SubscriptionPlansPage vertical="curriculum" AddMoney={AddMoneyModal} />;
export const CurriculumHome = CurriculumHomePage;
export const CurriculumBookSession = () => <BookSessionPage subject="Curriculum" />;
export const CurriculumSessions = () => <SessionsPage subject="Curriculum" />;
export const CurriculumProgress = CurriculumProgressPage;
export const Wallet = WalletPage;
export const AiCourses = AiCoursesPage;
export const AiCourse = AiCoursePage;
export const PeerDashboard = PeerDashboardPage;
export const KidPeerDashboard = KidPeerDashboardPage;
export const KidPeerPastCalls = KidPeerPastCallsPage;
export const KidPeerPlans = () => <SubscriptionPlansPage vertical="kid-peer" AddMoney={AddMoneyModal} />;
/** /kid-peer/referral shows the parent's Refer & Earn summary. */
export const KidPeerReferral = () => <ReferAndEarnPage audience="family" />;
export const KidPeerProfile = KidPeerProfilePage;

/** /{vertical}/subscription-plans for a vertical we know; anything else is a 404. */
export function PlanVerticalGate() {
  const { vertical } = useParams();
  return isKnownPlanVertical(vertical) ? <Outlet /> : <NotFoundPage />;
}
export const GenericPlans = () => <SubscriptionPlansPage AddMoney={AddMoneyModal} />;
