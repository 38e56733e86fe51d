// Sign-in pages (one lazy chunk: react-hook-form, the zod resolver and the forms stay out of the landing bundle).
import { LearnerLoginPage } from '../../features/auth/components/learner-login-page';
import { PeerSignupPage } from '../../features/auth/components/peer-signup-page';
import { RoleLoginPage } from '../../features/auth/components/role-login-page';

export const LearnerLogin = () => <LearnerLoginPage />;
export const LearnerSignup = () => <LearnerLoginPage initialMode="signup" />;
export const PeerSignup = () => <PeerSignupPage />;
export const AffiliateLogin = () => <RoleLoginPage role="influencer" />;
export const ModeratorLogin = () => <RoleLoginPage role="moderator" />;
export const CreatorLogin = () => <RoleLoginPage role="creator" />;
export const TeacherLogin = () => <RoleLoginPage role="teacher" />;
