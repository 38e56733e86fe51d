import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireKid } from './guards/require-kid';
import { RequireLearner } from './guards/require-learner';
import { RequireRoleToken } from './guards/require-role-token';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './not-found';

// Every route of spec §2 (2.1–2.7) plus the tutor area and /wallet. The landing page is in the
// entry chunk; each area is a lazy chunk (auth, public pages, learner, top-nav, other areas).
const auth = lazyPage(() => import('./routes/auth-routes'));
const pub = lazyPage(() => import('./routes/public-routes'));
const learner = lazyPage(() => import('./routes/learner-routes'));
const topNav = lazyPage(() => import('./routes/top-nav-routes'));
const area = lazyPage(() => import('./routes/area-routes'));

const A = {
  LearnerLogin: auth('LearnerLogin'),
  LearnerSignup: auth('LearnerSignup'),
  PeerSignup: auth('PeerSignup'),
  AffiliateLogin: auth('AffiliateLogin'),
  ModeratorLogin: auth('ModeratorLogin'),
  CreatorLogin: auth('CreatorLogin'),
  TeacherLogin: auth('TeacherLogin'),
};
const P = {
  Blog: pub('BlogPage'),
  Organization: pub('OrganizationPage'),
  PrivacyPolicy: pub('PrivacyPolicyPage'),
  AffiliateLanding: pub('AffiliateLandingPage'),
  Courses: pub('CoursesPage'),
  BookDemo: pub('BookDemoPage'),
  Subscription: pub('PublicSubscriptionPage'),
  PeerLanding: pub('PeerLandingPage'),
  Meeting: pub('MeetingPage'),
};
const L = {
  Layout: learner('LearnerLayout'),
  Home: learner('LearnerHome'),
  BookSession: learner('LearnerBookSession'),
  Sessions: learner('LearnerSessions'),
  Teachers: learner('LearnerTeachers'),
  Plans: learner('LearnerPlans'),
  AllPlans: learner('LearnerAllPlans'),
  MyCourses: learner('LearnerMyCourses'),
  Certificates: learner('LearnerCertificates'),
  ReferAndEarn: learner('ReferAndEarn'),
  Profile: learner('Profile'),
  CurriculumPricing: learner('CurriculumPricing'),
  CurriculumHome: learner('CurriculumHome'),
  CurriculumBookSession: learner('CurriculumBookSession'),
  CurriculumSessions: learner('CurriculumSessions'),
  CurriculumProgress: learner('CurriculumProgress'),
  Wallet: learner('Wallet'),
  AiCourses: learner('AiCourses'),
  AiCourse: learner('AiCourse'),
  PeerDashboard: learner('PeerDashboard'),
  KidPeerDashboard: learner('KidPeerDashboard'),
  KidPeerPastCalls: learner('KidPeerPastCalls'),
  KidPeerPlans: learner('KidPeerPlans'),
  KidPeerReferral: learner('KidPeerReferral'),
  KidPeerProfile: learner('KidPeerProfile'),
  PlanVerticalGate: learner('PlanVerticalGate'),
  GenericPlans: learner('GenericPlans'),
};
const T = {
  Layout: topNav('TopNavLayout'),
  IeltsDashboard: topNav('IeltsDashboard'),
  IeltsBookSession: topNav('IeltsBookSession'),
  IeltsSessions: topNav('IeltsSessions'),
  IeltsTeachers: topNav('IeltsTeachers'),
  IeltsPlans: topNav('IeltsPlans'),
  MyCourses: topNav('MyCourses'),
  Cart: topNav('Cart'),
  KidsAccounts: topNav('KidsAccounts'),
  KidsDashboard: topNav('KidsDashboard'),
  KidsBookSession: topNav('KidsBookSession'),
  KidsSubjectOverview: topNav('KidsSubjectOverview'),
  KidsSubjectSessions: topNav('KidsSubjectSessions'),
  KidsSubjectBuySessions: topNav('KidsSubjectBuySessions'),
  KidsSubjectReferral: topNav('KidsSubjectReferral'),
};
const X = {
  AffiliateLayout: area('AffiliateLayout'),
  ModeratorLayout: area('ModeratorLayout'),
  CreatorLayout: area('CreatorLayout'),
  TeacherLayout: area('TeacherLayout'),
  AffiliateDashboard: area('AffiliateDashboardPage'),
  AffiliateDashboardV2: area('AffiliateDashboardV2Page'),
  AffiliateEarnings: area('AffiliateEarningsPage'),
  AffiliatePayouts: area('AffiliatePayoutsPage'),
  ModeratorDashboard: area('ModeratorDashboardPage'),
  CreatorDashboard: area('CreatorDashboardPage'),
  TeacherDashboard: area('TeacherDashboardPage'),
  TeacherAvailability: area('TeacherAvailabilityPage'),
  TeacherSessions: area('TeacherSessionsPage'),
  TeacherChat: area('TeacherChatPage'),
};

const page = (path: string, Component: ComponentType): RouteObject => ({ path, element: <Component /> });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // §2.1 public
      { element: <RedirectSignedIn />, children: [{ element: <PublicLayout />, children: [{ index: true, element: <LandingPage /> }] }] },
      {
        element: <PublicLayout />,
        children: [
          page('courses', P.Courses),
          page('blog', P.Blog),
          page('organization', P.Organization),
          page('book-demo', P.BookDemo),
          page('subscription', P.Subscription),
          page('peer-learning', P.PeerLanding),
          page('meeting', P.Meeting),
          page('privacy-policy', P.PrivacyPolicy),
        ],
      },
      { path: 'index-affiliate', element: <PublicLayout variant="affiliate" />, children: [{ index: true, element: <P.AffiliateLanding /> }] },

      // Sign-in pages (§2.1 /login, /peer-signup; §2.7 area logins; the tutor login)
      page('login', A.LearnerLogin),
      page('signup', A.LearnerSignup),
      page('peer-signup', A.PeerSignup),
      page('affiliate/login', A.AffiliateLogin),
      page('moderator/login', A.ModeratorLogin),
      page('creators/login', A.CreatorLogin),
      page('teacher/login', A.TeacherLogin),

      // §2.2 learner (TOKEN), §2.6 AI courses, /wallet
      {
        element: <RequireLearner />,
        children: [
          {
            element: <L.Layout />,
            children: [
              page('learner', L.Home),
              page('learner/book-a-session', L.BookSession),
              page('learner/session', L.Sessions),
              page('learner/teachers', L.Teachers),
              page('learner/subscription-plans', L.Plans),
              page('learner/all-plans', L.AllPlans),
              page('learner/my-courses', L.MyCourses),
              page('learner/certificates', L.Certificates),
              page('user/referral', L.ReferAndEarn),
              page('refer-and-earn', L.ReferAndEarn),
              page('user/profile', L.Profile),
              page('curriculum/pricing', L.CurriculumPricing),
              page('curriculumNew', L.CurriculumHome),
              page('curriculumNew/bookSessionV2', L.CurriculumBookSession),
              page('curriculumNew/session', L.CurriculumSessions),
              page('curriculumNew/progress', L.CurriculumProgress),
              page('wallet', L.Wallet),
              page('AICourses', L.AiCourses),
              page('AICourses/:id', L.AiCourse),
            ],
          },
        ],
      },
      // §2.5 peer (TOKEN or PEER_TOKEN; → /peer-signup)
      {
        element: <RequireLearner peer />,
        children: [
          {
            element: <L.Layout />,
            children: [
              page('peer-learning/dashboard', L.PeerDashboard),
              page('kid-peer/dashboard', L.KidPeerDashboard),
              page('kid-peer/session', L.KidPeerPastCalls),
              page('kid-peer/subscription-plans', L.KidPeerPlans),
              page('kid-peer/referral', L.KidPeerReferral),
              page('kid-peer/profile', L.KidPeerProfile),
            ],
          },
        ],
      },
      // §2.2 the generic /{vertical}/subscription-plans?subject=…
      {
        path: ':vertical/subscription-plans',
        element: <L.PlanVerticalGate />,
        children: [{ element: <RequireLearner />, children: [{ element: <L.Layout />, children: [{ index: true, element: <L.GenericPlans /> }] }] }],
      },
      // §2.3 IELTS, §2.6 courses, §2.4 kids (TOKEN, and KID_TOKEN for kid pages)
      {
        element: <RequireLearner />,
        children: [
          {
            element: <T.Layout />,
            children: [
              page('ielts/dashboard', T.IeltsDashboard),
              page('ielts/book-a-session', T.IeltsBookSession),
              page('ielts/session', T.IeltsSessions),
              page('ielts/teachers', T.IeltsTeachers),
              page('ielts/subscription-plans', T.IeltsPlans),
              page('courses/myCourses', T.MyCourses),
              page('courses/cart', T.Cart),
              page('kids/accounts', T.KidsAccounts),
              {
                element: <RequireKid />,
                children: [
                  page('kids/dashboard', T.KidsDashboard),
                  page('kids/book-a-session', T.KidsBookSession),
                  page('kids/:subject', T.KidsSubjectOverview),
                  page('kids/:subject/session', T.KidsSubjectSessions),
                  page('kids/:subject/buy-sessions', T.KidsSubjectBuySessions),
                  page('kids/:subject/referral', T.KidsSubjectReferral),
                ],
              },
            ],
          },
        ],
      },
      // §2.7 affiliate, moderator, creator; the tutor area
      {
        path: 'affiliate',
        element: <RequireRoleToken role="influencer" />,
        children: [
          {
            element: <X.AffiliateLayout />,
            children: [
              { index: true, element: <Navigate to="/affiliate/dashboard" replace /> },
              page('dashboard', X.AffiliateDashboard),
              page('dashboardV2', X.AffiliateDashboardV2),
              page('earnings', X.AffiliateEarnings),
              page('payouts', X.AffiliatePayouts),
            ],
          },
        ],
      },
      {
        path: 'moderator',
        element: <RequireRoleToken role="moderator" />,
        children: [
          {
            element: <X.ModeratorLayout />,
            children: [{ index: true, element: <Navigate to="/moderator/dashboard" replace /> }, page('dashboard', X.ModeratorDashboard)],
          },
        ],
      },
      {
        path: 'creators',
        element: <RequireRoleToken role="creator" />,
        children: [
          {
            element: <X.CreatorLayout />,
            children: [{ index: true, element: <Navigate to="/creators/dashboard" replace /> }, page('dashboard', X.CreatorDashboard)],
          },
        ],
      },
      {
        path: 'teacher',
        element: <RequireRoleToken role="teacher" />,
        children: [
          {
            element: <X.TeacherLayout />,
            children: [
              { index: true, element: <Navigate to="/teacher/dashboard" replace /> },
              page('dashboard', X.TeacherDashboard),
              page('availability', X.TeacherAvailability),
              page('sessions', X.TeacherSessions),
              page('chat', X.TeacherChat),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
