import { Link } from 'react-router';
import type { PasswordRole } from '@parley/domain/roles';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

const copy: Record<Exclude<PasswordRole, 'learner' | 'peer'>, { title: string; subtitle: string }> = {
  influencer: { title: 'Affiliate partner login', subtitle: 'See your referral code, campaign link, earnings and payouts.' },
  moderator: { title: 'Moderator login', subtitle: 'Review applications, tutors, courses, payments and reports.' },
  creator: { title: 'Course creator login', subtitle: 'Manage the courses you publish on Parley.' },
  teacher: { title: 'Tutor login', subtitle: 'Manage your availability, sessions and learner chats.' },
};

/** /affiliate/login, /moderator/login, /creators/login and /teacher/login. */
export function RoleLoginPage({ role }: { role: keyof typeof copy }) {
  const { title, subtitle } = copy[role];
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <span className="flex flex-col gap-2">
          {role === 'influencer' ? (
            <span>
              Not a partner yet? <Link className="link link-primary" to="/affiliate/apply">Apply to become one</Link>
            </span>
          ) : null}
          {role === 'teacher' ? (
            <span>
              Want to teach on Parley? <Link className="link link-primary" to="/teach-with-us">Apply on Teach with Us</Link>
            </span>
          ) : null}
          <span>
            Are you a learner? <Link className="link link-primary" to="/login">Log in here</Link>
          </span>
        </span>
      }
    >
      <LoginForm role={role} />
    </AuthCard>
  );
}
