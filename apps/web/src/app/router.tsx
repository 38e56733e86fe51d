import { Navigate, type RouteObject } from 'react-router';
import { isKidSubjectSlug } from '../features/kids/components/kid-subjects';
import { LandingPage } from '../features/landing/components/landing-page';
import { isKnownPlanVertical } from '../features/subscriptions/plan-verticals';
import { ParentAccountOnly } from './guards/parent-account-only';
import { RedirectSignedIn, SkipSignInWhenSignedIn } from './guards/redirect-signed-in';
import { RequireKid } from './guards/require-kid';
import { RequireLearner } from './guards/require-learner';
import { RequireRoleToken } from './guards/require-role-token';
import { CallLayout } from './layouts/call-layout';
import { knows } from './known-params';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NOT_FOUND_TITLE, NotFoundPage } from './not-found';
import { RouteErrorBoundary } from './route-error-boundary';

// Every URL of the app, each pointing at its page module. The landing page is in the entry chunk;
// every other page (and the area layouts, and the guards that need a feature's rules) is fetched
// the first time its route renders.
// `pages` wraps an area's pages in an error boundary inside the area's layout, so a page that
// fails to render or load shows the recovery page with the area's navigation still around it.
const pages = (children: RouteObject[]): RouteObject => ({ element: <RouteErrorBoundary />, children });

const learnerLayout = lazyPage(() => import('./layouts/learner-layout'), 'LearnerLayout');
const peerArea = lazyPage(() => import('../features/peer/components/peer-area'), 'PeerArea');
const topNavLayout = lazyPage(() => import('./layouts/top-nav-layout'), 'TopNavLayout');
/**
 * The public catalogue asks for its courses while its page's code is still loading (a tiny chunk,
 * without the schemas), or takes the first page its HTML brought; the page renders once both are in.
 */
const loadCataloguePage = () => {
  const page = import('./routes/courses-with-wallet-page');
  // In the browser only: the server renders the catalogue from the page it inlines.
  if (typeof window === 'undefined') return page;
  const request = import('../features/courses/api/catalogue-request').then((module) => module.startCatalogueRequest(window.location.search));
  return Promise.all([page, request]).then(([module]) => module);
};

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      // Public pages
      { element: <RedirectSignedIn />, children: [{ element: <PublicLayout />, children: [pages([{ index: true, element: <LandingPage />, handle: { title: 'Home' } }])] }] },
      // The live classroom: a layout of its own, without the public header and footer.
      {
        element: <CallLayout />,
        children: [pages([{ path: 'meeting', element: lazyPage(() => import('../features/meeting/components/meeting-page'), 'MeetingPage'), handle: { title: 'Meeting' } }])],
      },
      {
        element: <PublicLayout />,
        children: [
          pages([
            { path: 'courses', element: lazyPage(loadCataloguePage, 'CoursesWithWalletPage'), handle: { title: 'Courses' } },
            { path: 'courses/:courseId', element: lazyPage(() => import('./routes/course-with-wallet-page'), 'CourseWithWalletPage'), handle: { title: 'Course' } },
            { path: 'courses/gift/:code', element: lazyPage(() => import('../features/courses/components/gift-redeem-page'), 'GiftRedeemPage'), handle: { title: 'Redeem a gift' } },
            { path: 'blog', element: lazyPage(() => import('../features/blog/components/blog-list-page'), 'BlogListPage'), handle: { title: 'Blog' } },
            { path: 'blog/:slug', element: lazyPage(() => import('../features/blog/components/blog-post-page'), 'BlogPostPage'), handle: { title: 'Article' } },
            { path: 'organization', element: lazyPage(() => import('../features/outreach/components/organization-page'), 'OrganizationPage'), handle: { title: 'For organizations' } },
            { path: 'teach-with-us', element: lazyPage(() => import('../features/outreach/components/teach-with-us-page'), 'TeachWithUsPage'), handle: { title: 'Teach with us' } },
            { path: 'book-demo', element: lazyPage(() => import('../features/payments/components/book-demo-page'), 'BookDemoPage'), handle: { title: 'Book your trial' } },
            { path: 'subscription', element: lazyPage(() => import('./routes/public-subscription-with-wallet-page'), 'PublicSubscriptionWithWalletPage'), handle: { title: 'Plans' } },
            { path: 'peer-learning', element: lazyPage(() => import('../features/peer/components/peer-landing-page'), 'PeerLandingPage'), handle: { title: 'Peer learning' } },
            { path: 'privacy-policy', element: lazyPage(() => import('../features/landing/components/privacy-policy-page'), 'PrivacyPolicyPage'), handle: { title: 'Privacy policy' } },
            { path: 'dev/outbox', element: lazyPage(() => import('../features/mail/components/dev-outbox-page'), 'DevOutboxPage'), handle: { title: 'Development outbox' } },
            { path: 'certificates/:code', element: lazyPage(() => import('../features/courses/components/certificate-verify-page'), 'CertificateVerifyPage'), handle: { title: 'Certificate check' } },
          ]),
        ],
      },
      // A forgotten password: open whether or not someone is signed in here (the link comes by e-mail).
      pages([
        { path: 'forgot-password', element: lazyPage(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'), handle: { title: 'Forgot password' } },
        { path: 'reset-password', element: lazyPage(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'), handle: { title: 'Choose a new password' } },
      ]),
      {
        path: 'index-affiliate',
        element: <PublicLayout variant="affiliate" />,
        children: [pages([{ index: true, element: lazyPage(() => import('../features/landing/components/affiliate-landing-page'), 'AffiliateLandingPage'), handle: { title: 'Plans for you' } }])],
      },

      // Sign-in pages: the learner's, the peer sign-up and one per area (skipped when already signed in)
      {
        element: <SkipSignInWhenSignedIn />,
        children: [
          pages([
            { path: 'login', element: lazyPage(() => import('../features/auth/components/learner-login-page'), 'LearnerLoginPage'), handle: { title: 'Log in' } },
            { path: 'signup', element: lazyPage(() => import('../features/auth/components/learner-login-page'), 'LearnerLoginPage', { initialMode: 'signup' }), handle: { title: 'Sign up' } },
            { path: 'peer-signup', element: lazyPage(() => import('../features/auth/components/peer-signup-page'), 'PeerSignupPage'), handle: { title: 'Peer learning sign-up' } },
            { path: 'affiliate/login', element: lazyPage(() => import('../features/auth/components/role-login-page'), 'RoleLoginPage', { role: 'influencer' }), handle: { title: 'Affiliate log in' } },
            { path: 'affiliate/apply', element: lazyPage(() => import('../features/auth/components/affiliate-apply-page'), 'AffiliateApplyPage'), handle: { title: 'Become an affiliate partner' } },
            { path: 'moderator/login', element: lazyPage(() => import('../features/auth/components/role-login-page'), 'RoleLoginPage', { role: 'moderator' }), handle: { title: 'Moderator log in' } },
            { path: 'creators/login', element: lazyPage(() => import('../features/auth/components/role-login-page'), 'RoleLoginPage', { role: 'creator' }), handle: { title: 'Creator log in' } },
            { path: 'teacher/login', element: lazyPage(() => import('../features/auth/components/role-login-page'), 'RoleLoginPage', { role: 'teacher' }), handle: { title: 'Tutor log in' } },
          ]),
        ],
      },

      // The learner area (TOKEN): English, curriculum, wallet, AI courses
      {
        element: <RequireLearner />,
        children: [
          {
            element: learnerLayout,
            children: [
              pages([
                { path: 'learner', element: lazyPage(() => import('./routes/learner-home-page'), 'LearnerHomeRoutePage'), handle: { title: 'Dashboard' } },
                { path: 'learner/book-a-session', element: lazyPage(() => import('./routes/book-session-with-tutors-page'), 'BookSessionWithTutorsPage', { subject: 'English' }), handle: { title: 'Book a session' } },
                { path: 'learner/session', element: lazyPage(() => import('../features/booking/components/sessions-page'), 'SessionsPage', { subject: 'English' }), handle: { title: 'My sessions' } },
                { path: 'learner/teachers', element: lazyPage(() => import('./routes/tutors-with-booking-page'), 'TutorsWithBookingPage', { subject: 'English' }), handle: { title: 'Tutors' } },
                { path: 'learner/subscription-plans', element: lazyPage(() => import('./routes/subscription-plans-with-wallet-page'), 'SubscriptionPlansWithWalletPage', { vertical: 'learner' }), handle: { title: 'Subscription plans' } },
                { path: 'learner/all-plans', element: lazyPage(() => import('./routes/all-plans-with-wallet-page'), 'AllPlansWithWalletPage'), handle: { title: 'All plans' } },
                { path: 'learner/my-courses', element: lazyPage(() => import('./routes/learner-my-courses-page'), 'LearnerMyCoursesPage'), handle: { title: 'Curriculum' } },
                { path: 'learner/certificates', element: lazyPage(() => import('../features/courses/components/certificates-page'), 'CertificatesPage'), handle: { title: 'Certificates' } },
                { path: 'user/referral', element: lazyPage(() => import('../features/referral/components/refer-and-earn-page'), 'ReferAndEarnPage'), handle: { title: 'Refer and earn' } },
                { path: 'refer-and-earn', element: lazyPage(() => import('../features/referral/components/refer-and-earn-page'), 'ReferAndEarnPage'), handle: { title: 'Refer and earn' } },
                { path: 'user/profile', element: lazyPage(() => import('./routes/account-page'), 'ProfileWithSecurityPage'), handle: { title: 'Your profile' } },
                { path: 'curriculum/pricing', element: lazyPage(() => import('./routes/subscription-plans-with-wallet-page'), 'SubscriptionPlansWithWalletPage', { vertical: 'curriculum' }), handle: { title: 'Curriculum plans' } },
                { path: 'curriculumNew', element: lazyPage(() => import('../features/curriculum/components/curriculum-home-page'), 'CurriculumHomePage'), handle: { title: 'Curriculum' } },
                { path: 'curriculumNew/bookSessionV2', element: lazyPage(() => import('../features/curriculum/components/curriculum-book-page'), 'CurriculumBookPage'), handle: { title: 'Book a curriculum session' } },
                { path: 'curriculumNew/session', element: lazyPage(() => import('./routes/curriculum-sessions-page'), 'CurriculumSessionsPage'), handle: { title: 'Curriculum sessions' } },
                { path: 'curriculumNew/progress', element: lazyPage(() => import('../features/curriculum/components/curriculum-progress-page'), 'CurriculumProgressPage'), handle: { title: 'Curriculum progress' } },
                { path: 'wallet', element: lazyPage(() => import('../features/wallet/components/wallet-page'), 'WalletPage'), handle: { title: 'Wallet' } },
                { path: 'AICourses', element: lazyPage(() => import('./routes/ai-courses-with-wallet-page'), 'AiCoursesWithWalletPage'), handle: { title: 'AI courses' } },
                { path: 'AICourses/:id', element: lazyPage(() => import('../features/courses/components/ai-course-page'), 'AiCoursePage'), handle: { title: 'Course player' } },
              ]),
            ],
          },
        ],
      },
      // Peer learning (TOKEN or PEER_TOKEN; without either → /peer-signup, or /login for the kids' peer pages)
      {
        element: <RequireLearner peer />,
        children: [
          {
            element: learnerLayout,
            children: [
              {
                // A partner found while waiting opens the call from any peer page.
                element: peerArea,
                children: [
                  pages([
                    { path: 'peer-learning/dashboard', element: lazyPage(() => import('../features/peer/components/peer-dashboard-page'), 'PeerDashboardPage'), handle: { title: 'Peer learning dashboard' } },
                    { path: 'peer-learning/call', element: lazyPage(() => import('../features/peer/components/peer-call-page'), 'PeerCallPage'), handle: { title: 'Peer call' } },
                    { path: 'peer-learning/calls', element: lazyPage(() => import('../features/peer/components/peer-past-calls-page'), 'PeerPastCallsPage'), handle: { title: 'Past calls' } },
                    { path: 'peer-learning/profile', element: lazyPage(() => import('./routes/account-page'), 'PeerProfileWithSecurityPage'), handle: { title: 'Peer profile' } },
                    // Inside the peer area, so a peer-only account (PEER_TOKEN) buys its minutes here by card, under the peer menu.
                    { path: 'peer-learning/subscription-plans', element: lazyPage(() => import('./routes/subscription-plans-with-wallet-page'), 'SubscriptionPlansWithWalletPage', { vertical: 'peer-learning' }), handle: { title: 'Peer learning plans' } },
                    { path: 'kid-peer/subscription-plans', element: lazyPage(() => import('./routes/subscription-plans-with-wallet-page'), 'SubscriptionPlansWithWalletPage', { vertical: 'kid-peer' }), handle: { title: 'Kids peer learning plans' } },
                    // The parent's Refer & Earn summary.
                    { path: 'kid-peer/referral', element: lazyPage(() => import('../features/referral/components/refer-and-earn-page'), 'ReferAndEarnPage', { audience: 'family' }), handle: { title: 'Refer and earn' } },
                  ]),
                  // The kids' own pages: a parent's (TOKEN); a peer-only account is told so.
                  {
                    element: <ParentAccountOnly />,
                    children: [
                      pages([
                        { path: 'kid-peer/dashboard', element: lazyPage(() => import('../features/peer/components/kid-peer-dashboard-page'), 'KidPeerDashboardPage'), handle: { title: 'Kids peer learning' } },
                        { path: 'kid-peer/session', element: lazyPage(() => import('../features/peer/components/kid-peer-past-calls-page'), 'KidPeerPastCallsPage'), handle: { title: 'Kids past calls' } },
                        { path: 'kid-peer/profile', element: lazyPage(() => import('../features/peer/components/kid-peer-profile-page'), 'KidPeerProfilePage'), handle: { title: 'Kids peer profile' } },
                      ]),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      // The generic /{vertical}/subscription-plans?subject=…
      {
        path: ':vertical/subscription-plans',
        element: lazyPage(() => import('./guards/require-known-plan-vertical'), 'RequireKnownPlanVertical'),
        handle: knows(({ vertical }) => isKnownPlanVertical(vertical)),
        children: [
          {
            element: <RequireLearner />,
            children: [{ element: learnerLayout, children: [pages([{ index: true, element: lazyPage(() => import('./routes/subscription-plans-with-wallet-page'), 'SubscriptionPlansWithWalletPage'), handle: { title: 'Subscription plans' } }])] }],
          },
        ],
      },
      // Under the top navigation: IELTS, courses, kids (TOKEN; kid pages also KID_TOKEN)
      {
        element: <RequireLearner />,
        children: [
          {
            element: topNavLayout,
            children: [
              pages([
                { path: 'ielts/dashboard', element: lazyPage(() => import('./routes/ielts-dashboard-with-sessions-page'), 'IeltsDashboardWithSessionsPage'), handle: { title: 'IELTS' } },
                { path: 'ielts/book-a-session', element: lazyPage(() => import('./routes/book-session-with-tutors-page'), 'BookSessionWithTutorsPage', { subject: 'IELTS' }), handle: { title: 'Book an IELTS session' } },
                { path: 'ielts/session', element: lazyPage(() => import('../features/booking/components/sessions-page'), 'SessionsPage', { subject: 'IELTS' }), handle: { title: 'IELTS sessions' } },
                { path: 'ielts/teachers', element: lazyPage(() => import('./routes/tutors-with-booking-page'), 'TutorsWithBookingPage', { subject: 'IELTS' }), handle: { title: 'IELTS tutors' } },
                { path: 'ielts/subscription-plans', element: lazyPage(() => import('./routes/subscription-plans-with-wallet-page'), 'SubscriptionPlansWithWalletPage', { vertical: 'ielts' }), handle: { title: 'IELTS plans' } },
                { path: 'courses/myCourses', element: lazyPage(() => import('../features/courses/components/my-courses-page'), 'MyCoursesPage'), handle: { title: 'My courses' } },
                { path: 'courses/cart', element: lazyPage(() => import('./routes/cart-with-wallet-page'), 'CartWithWalletPage'), handle: { title: 'Cart' } },
                { path: 'kids/accounts', element: lazyPage(() => import('../features/kids/components/kids-accounts-page'), 'KidsAccountsPage'), handle: { title: 'Kid profiles' } },
                {
                  element: <RequireKid />,
                  children: [
                    { path: 'kids/dashboard', element: lazyPage(() => import('./routes/kids-classes-with-reschedule-pages'), 'KidsDashboardWithReschedulePage'), handle: { title: 'Kids' } },
                    { path: 'kids/peer-practice', element: lazyPage(() => import('../features/peer/components/kid-peer-practice-page'), 'KidPeerPracticePage'), handle: { title: 'Practise with a friend' } },
                    { path: 'kids/peer-call', element: lazyPage(() => import('../features/peer/components/peer-call-page'), 'PeerCallPage'), handle: { title: 'Peer call' } },
                    { path: 'kids/book-a-session', element: lazyPage(() => import('./routes/kids-book-session-with-tutors-page'), 'KidsBookSessionWithTutorsPage'), handle: { title: 'Book a kids session' } },
                    {
                      path: 'kids/:subject',
                      element: lazyPage(() => import('./guards/require-kid-subject'), 'RequireKidSubject'),
                      handle: knows(({ subject }) => isKidSubjectSlug(subject)),
                      children: [
                        { index: true, element: lazyPage(() => import('./routes/kids-classes-with-reschedule-pages'), 'KidsSubjectOverviewWithReschedulePage'), handle: { title: 'Kids subject' } },
                        { path: 'session', element: lazyPage(() => import('../features/booking/components/kids-sessions-page'), 'KidsSessionsPage'), handle: { title: 'Kids sessions' } },
                        { path: 'buy-sessions', element: lazyPage(() => import('./routes/kids-buy-sessions-with-wallet-page'), 'KidsBuySessionsWithWalletPage'), handle: { title: 'Buy sessions' } },
                        { path: 'referral', element: lazyPage(() => import('./routes/kids-subject-referral-page'), 'KidsSubjectReferralPage'), handle: { title: 'Refer and earn' } },
                      ],
                    },
                  ],
                },
              ]),
            ],
          },
        ],
      },
      // The affiliate, moderator, creator and tutor areas, each behind its own sign-in
      {
        path: 'affiliate',
        element: <RequireRoleToken role="influencer" />,
        children: [
          {
            element: lazyPage(() => import('./layouts/area-layouts'), 'AffiliateLayout'),
            children: [
              pages([
                { index: true, element: <Navigate to="/affiliate/dashboard" replace /> },
                { path: 'dashboard', element: lazyPage(() => import('../features/affiliate/components/affiliate-dashboard-page'), 'AffiliateDashboardPage'), handle: { title: 'Affiliate dashboard' } },
                { path: 'dashboardV2', element: lazyPage(() => import('../features/affiliate/components/affiliate-dashboard-v2-page'), 'AffiliateDashboardV2Page'), handle: { title: 'Campaigns' } },
                { path: 'earnings', element: lazyPage(() => import('../features/affiliate/components/affiliate-earnings-page'), 'AffiliateEarningsPage'), handle: { title: 'Earnings' } },
                { path: 'payouts', element: lazyPage(() => import('../features/affiliate/components/affiliate-payouts-page'), 'AffiliatePayoutsPage'), handle: { title: 'Bank details' } },
                { path: 'account', element: lazyPage(() => import('./routes/account-page'), 'AccountPage', { role: 'influencer' }), handle: { title: 'Account' } },
              ]),
            ],
          },
        ],
      },
      {
        path: 'moderator',
        element: <RequireRoleToken role="moderator" />,
        children: [
          {
            element: lazyPage(() => import('./layouts/area-layouts'), 'ModeratorLayout'),
            children: [
              pages([
                { index: true, element: <Navigate to="/moderator/dashboard" replace /> },
                { path: 'dashboard', element: lazyPage(() => import('../features/moderation/components/moderator-dashboard-page'), 'ModeratorDashboardPage'), handle: { title: 'Moderator dashboard' } },
                { path: 'course-reviews/:versionId', element: lazyPage(() => import('../features/moderation/components/course-review-page'), 'CourseReviewPage'), handle: { title: 'Course review' } },
                { path: 'account', element: lazyPage(() => import('./routes/account-page'), 'AccountPage', { role: 'moderator' }), handle: { title: 'Account' } },
              ]),
            ],
          },
        ],
      },
      {
        path: 'creators',
        element: <RequireRoleToken role="creator" />,
        children: [
          {
            element: lazyPage(() => import('./layouts/area-layouts'), 'CreatorLayout'),
            children: [
              pages([
                { index: true, element: <Navigate to="/creators/dashboard" replace /> },
                { path: 'dashboard', element: lazyPage(() => import('../features/creators/components/creator-dashboard-page'), 'CreatorDashboardPage'), handle: { title: 'Creator dashboard' } },
                { path: 'courses/:courseId', element: lazyPage(() => import('../features/creators/components/course-editor-page'), 'CourseEditorPage'), handle: { title: 'Edit course' } },
                { path: 'account', element: lazyPage(() => import('./routes/account-page'), 'AccountPage', { role: 'creator' }), handle: { title: 'Account' } },
              ]),
            ],
          },
        ],
      },
      {
        path: 'teacher',
        element: <RequireRoleToken role="teacher" />,
        children: [
          {
            element: lazyPage(() => import('./layouts/area-layouts'), 'TutorLayout'),
            children: [
              pages([
                { index: true, element: <Navigate to="/teacher/dashboard" replace /> },
                { path: 'dashboard', element: lazyPage(() => import('../features/tutor-area/components/tutor-dashboard-page'), 'TutorDashboardPage'), handle: { title: 'Tutor dashboard' } },
                { path: 'availability', element: lazyPage(() => import('../features/tutor-area/components/tutor-availability-page'), 'TutorAvailabilityPage'), handle: { title: 'Availability' } },
                { path: 'sessions', element: lazyPage(() => import('./routes/tutor-sessions-with-curriculum-page'), 'TutorSessionsWithCurriculumPage'), handle: { title: 'Tutor sessions' } },
                { path: 'chat', element: lazyPage(() => import('../features/chat/components/tutor-chat-page'), 'TutorChatPage'), handle: { title: 'Chat' } },
                { path: 'profile', element: lazyPage(() => import('./routes/tutor-profile-with-card-page'), 'TutorProfileWithCardPage'), handle: { title: 'Your profile' } },
                { path: 'account', element: lazyPage(() => import('./routes/account-page'), 'AccountPage', { role: 'teacher' }), handle: { title: 'Account' } },
              ]),
            ],
          },
        ],
      },
      // An unknown path keeps the public header and footer, so the visitor can find their way on.
      { element: <PublicLayout />, children: [{ path: '*', element: <NotFoundPage />, handle: { title: NOT_FOUND_TITLE } }] },
    ],
  },
];
