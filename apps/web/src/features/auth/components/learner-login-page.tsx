import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loginLinkPayload } from '@parley/domain/auth';
import { messages } from '@parley/domain/messages';
import { notify } from '../../../shared/lib/toast';
import { usePageTitle } from '../../../shared/lib/page-title';
import { FullPageLoader } from '../../../shared/ui/loader';
import { panelId, TabList, tabId } from '../../../shared/ui/tab-list';
import { useLoginLink } from '../api/login-link';
import { useFinishSignIn } from '../lib/finish-sign-in';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

type Mode = 'login' | 'signup';

const modes: readonly { value: Mode; label: string }[] = [
  { value: 'login', label: 'Log in' },
  { value: 'signup', label: 'Create account' },
];

/** /login: learner sign-in with a Create account toggle, and the one-time login link a moderator can issue. */
export function LearnerLoginPage({ initialMode = 'login' }: { initialMode?: Mode }) {
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : initialMode);
  const linking = useAuthLessLogin();
  const baseId = useId();
  // One route shows both forms: the tab names the one on screen.
  usePageTitle(mode === 'signup' ? 'Sign up' : 'Log in');

  if (linking) return <FullPageLoader label="Signing you in" />;

  const switchTo = (next: Mode) => {
    setMode(next);
    const nextParams = new URLSearchParams(params);
    if (next === 'signup') nextParams.set('mode', 'signup');
    else nextParams.delete('mode');
    setParams(nextParams, { replace: true });
  };

  return (
    <AuthCard
      title={mode === 'login' ? 'Welcome back' : 'Create your Parley account'}
      subtitle={mode === 'login' ? 'Log in to book sessions, chat with tutors and track your progress.' : 'Start speaking with confidence. It takes a minute.'}
      footer={
        <span>
          Looking for peer learning? <Link className="link link-primary" to="/peer-signup">Join as a peer</Link>
        </span>
      }
    >
      <TabList label="Log in or create an account" idBase={baseId} tabs={modes} selected={mode} onSelect={switchTo} className="tabs-box" tabClassName="flex-1" />
      {/* Both panels exist so each tab's aria-controls resolves; only the open one holds its form. */}
      {modes.map(({ value }) => (
        <div key={value} role="tabpanel" id={panelId(baseId, value)} aria-labelledby={tabId(baseId, value)} hidden={mode !== value}>
          {mode === value ? (value === 'login' ? <LoginForm role="learner" /> : <SignupForm kind="learner" />) : null}
        </div>
      ))}
    </AuthCard>
  );
}

/** Runs the auth-less login once when the URL carries learnerId; answers whether it is in flight. */
function useAuthLessLogin(): boolean {
  const [params, setParams] = useSearchParams();
  const finishSignIn = useFinishSignIn();
  const mutation = useLoginLink();
  const learnerId = params.get('learnerId');
  const token = params.get('token');
  const [active, setActive] = useState(learnerId !== null);
  const started = useRef(false);

  useEffect(() => {
    if (learnerId === null || started.current) return;
    started.current = true;
    const fail = () => {
      notify.error(messages.authLessLoginFailed);
      const rest = new URLSearchParams(params);
      rest.delete('learnerId');
      rest.delete('token');
      setParams(rest, { replace: true });
      setActive(false);
    };
    const payload = loginLinkPayload.safeParse({ learnerId, token });
    if (!payload.success) return fail();
    mutation.mutateAsync(payload.data).then(finishSignIn, fail);
  }, [learnerId, token, params, setParams, mutation, finishSignIn]);

  return active;
}
