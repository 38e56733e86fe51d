import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../shared/lib/page-title';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** /peer-signup: join Peer Learning, or log in with an existing peer account (?mode=login opens the log-in form). */
export function PeerSignupPage() {
  // The form open is in the address, so a reload or Back keeps it.
  const [params, setParams] = useSearchParams();
  const hasAccount = params.get('mode') === 'login';
  usePageTitle(hasAccount ? 'Peer learning log in' : 'Peer learning sign-up');
  const show = (logIn: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (logIn) next.set('mode', 'login');
        else next.delete('mode');
        return next;
      },
      { replace: true },
    );
  return (
    <AuthCard
      title={hasAccount ? 'Log in to Peer Learning' : 'Join Peer Learning'}
      subtitle="Practise speaking with learners like you, any time of day."
      footer={
        <span>
          Learning with a tutor? <Link className="link link-primary" to="/login">Log in as a learner</Link>
        </span>
      }
    >
      {hasAccount ? <LoginForm role="peer" /> : <SignupForm kind="peer" />}
      <button type="button" className="btn btn-link btn-sm self-center" onClick={() => show(!hasAccount)}>
        {hasAccount ? 'New here? Create a peer account' : 'Already a peer? Log in'}
      </button>
    </AuthCard>
  );
}
