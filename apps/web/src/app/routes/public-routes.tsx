// Public pages other than the landing page (one lazy chunk).
export { BlogPage, OrganizationPage, PrivacyPolicyPage } from '../../features/landing/components/info-pages';
export { AffiliateLandingPage } from '../../features/landing/components/landing-page';
export { CoursesPage } from '../../features/courses/components/courses-pages';
export { BookDemoPage } from '../../features/payments/components/book-demo-page';
export { PublicSubscriptionPage } from '../../features/subscriptions/components/subscription-pages';
export { PeerLandingPage } from '../../features/peer/components/peer-pages';
export { MeetingPage } from '../../features/meeting/components/meeting-page';
