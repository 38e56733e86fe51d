import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** /peer-signup: join Peer Learning, or log in with an existing peer account (?mode=login opens the log-in form). */
export function PeerSignupPage() {
  const [params] = useSearchParams();
  const [hasAccount, setHasAccount] = useState(() => params.get('mode') === 'login');
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
      <button type="button" className="btn btn-link btn-sm self-center" onClick={() => setHasAccount((v) => !v)}>
        {hasAccount ? 'New here? Create a peer account' : 'Already a peer? Log in'}
      </button>
    </AuthCard>
  );
}
