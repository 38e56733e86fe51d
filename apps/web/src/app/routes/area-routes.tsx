// Affiliate, moderator, creator and tutor areas (small; one lazy chunk).
export { AffiliateLayout, CreatorLayout, ModeratorLayout, TeacherLayout } from '../layouts/area-layouts';
export {
  AffiliateDashboardPage,
  AffiliateDashboardV2Page,
  AffiliateEarningsPage,
  AffiliatePayoutsPage,
} from '../../features/affiliate/components/affiliate-pages';
export { ModeratorDashboardPage } from '../../features/moderation/components/moderation-pages';
export { CreatorDashboardPage } from '../../features/creators/components/creator-pages';
export { TeacherAvailabilityPage, TeacherDashboardPage, TeacherSessionsPage } from '../../features/teacher/components/teacher-pages';
export { TeacherChatPage } from '../../features/chat/components/teacher-chat-page';
