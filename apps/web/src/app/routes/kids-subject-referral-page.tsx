// Kids, IELTS and courses pages under the top navigation (one lazy chunk).
import { useParams } from 'react-router';
import { BookSessionButton } from '../../features/booking/components/book-session-button';
import { BookSessionPage, KidsBookSessionPage, KidsSessionsPage, SessionsPage } from '../../features/booking/components/booking-pages';
import { CartPage, MyCoursesPage } from '../../features/courses/components/courses-pages';
import { IeltsDashboardPage } from '../../features/ielts/components/ielts-dashboard-page';
import { isKidSubjectSlug, kidSubjectBySlug } from '../../features/kids/components/kid-subjects';
import { KidsAccountsPage } from '../../features/kids/components/kids-accounts-page';
import { KidsDashboardPage } from '../../features/kids/components/kids-dashboard-page';
import { KidsSubjectOverviewPage } from '../../features/kids/components/kids-subject-page';
import { ReferAndEarnPage } from '../../features/referral/components/refer-and-earn-page';
import { KidsBuySessionsPage } from '../../features/kids-purchases/components/kids-buy-sessions-page';
import { SubscriptionPlansPage } from '../../features/subscriptions/components/subscription-pages';
import { TeachersPage } from '../../features/tutors/components/teachers-page';
import { TutorDirectory } from '../../features/tutors/components/tutor-directory';
import { AddMoneyModal } from '../../features/wallet/components/add-money-modal';
import { NotFoundPage } from '../not-found';

export { TopNavLayout } from '../layouts/top-nav-layout';

export const IeltsDashboard = IeltsDashboardPage;
export const IeltsBookSession = () => <BookSessionPage subject="IELTS" TutorPicker={TutorDirectory} />;
export const IeltsSessions = () => <SessionsPage subject="IELTS" />;
export const IeltsTeachers = () => <TeachersPage subject="IELTS" BookButton={BookSessionButton} />;
export const IeltsPlans = () => <SubscriptionPlansPage vertical="ielts" AddMoney={AddMoneyModal} />;
export const MyCourses = MyCoursesPage;
export const Cart = CartPage;
export const KidsAccounts = KidsAccountsPage;
export const KidsDashboard = KidsDashboardPage;
export const KidsBookSession = () => <KidsBookSessionPage TutorPicker={TutorDirectory} />;

/** /kids/{subject}/…: only english and financial-education exist (spec §2.4). */
export const KidsSubjectOverview = () => {
  const { subject } = useParams();
  return isKidSubjectSlug(subject) ? <KidsSubjectOverviewPage /> : <NotFoundPage />;
};
export const KidsSubjectSessions = () => {
  const { subject } = useParams();
  return isKidSubjectSlug(subject) ? <KidsSessionsPage /> : <NotFoundPage />;
};
export const KidsSubjectBuySessions = () => {
  const { subject } = useParams();
  return isKidSubjectSlug(subject) ? <KidsBuySessionsPage AddMoney={AddMoneyModal} /> : <NotFoundPage />;
};
/** /kids/{subject}/referral shows the parent's Refer & Earn summary. */
export const KidsSubjectReferral = () => {
  const { subject } = useParams();
  if (!isKidSubjectSlug(subject)) return <NotFoundPage />;
  const { label } = kidSubjectBySlug(subject);
  return <ReferAndEarnPage audience="family" back={{ to: `/kids/${subject}`, label: `Back to ${label}` }} />;
};
