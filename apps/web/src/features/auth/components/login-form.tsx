import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { loginPayload, type LoginPayload } from '@parley/domain/auth';
import { areaNameByRole, logInFormPathByRole, passwordRoles, type PasswordRole } from '@parley/domain/roles';
import { FormField } from '../../../shared/ui/form-field';
import { notify } from '../../../shared/lib/toast';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { useLogin } from '../api/login';
import { useFinishSignIn } from '../lib/finish-sign-in';
import { signedInSharer } from '../../../shared/lib/session';
import { handedEmail } from '../lib/handed-email';

const credentials = loginPayload.pick({ email: true, password: true });
type CredentialsInput = z.input<typeof credentials>;
type Credentials = z.output<typeof credentials>;

/** Email + password sign-in for one role; on success goes to the intended path or the role's home. */
export function LoginForm({ role, submitLabel = 'Log in' }: { role: PasswordRole; submitLabel?: string }) {
  const finishSignIn = useFinishSignIn();
  const loginMutation = useLogin();
  // The e-mail and password open an account of another area: where it logs in, said until they change.
  const [elsewhere, setElsewhere] = useState<{ role: PasswordRole; message: string } | null>(null);
  // Why the last try failed (a wrong password, the server unreachable): stays on the page until the fields change.
  const [failure, setFailure] = useState<string | null>(null);
  // Navigation state: the account's e-mail from a new password's reset page, or why the sign-in is asked (below).
  const state: unknown = useLocation().state;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CredentialsInput, unknown, Credentials>({ resolver: zodResolver(credentials), defaultValues: { email: handedEmail(state), password: '' } });
  const forget = {
    onChange: () => {
      setElsewhere(null);
      setFailure(null);
    },
  };
  // Signed in: the next page's code may take a moment to arrive, and the form stays until it does.
  const [leaving, setLeaving] = useState(false);

  const onSubmit = async (values: Credentials) => {
    const payload: LoginPayload = { ...values, role };
    setFailure(null);
    try {
      const answer = await loginMutation.mutateAsync(payload);
      // An earlier try's "Wrong email or password" would otherwise still show on the next page.
      notify.dismissAll();
      setLeaving(true);
      finishSignIn(answer);
    } catch (error) {
      const area = isApiError(error) && error.code === 'WRONG_LOGIN_PAGE' ? passwordRoles.find((r) => r === error.fields?.area) : undefined;
      if (area && isApiError(error)) {
        setElsewhere({ role: area, message: error.message });
        return;
      }
      if (!applyFieldErrors(error, setError, ['email', 'password'])) setFailure(errorMessage(error));
    }
  };

  const busy = isSubmitting || loginMutation.isPending || leaving;
  // Sent here because the sign-in ended (a 401, or the server closing its socket): say so, or the jump looks like a glitch.
  const signedOut = typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;
  // Sent here by a page that needs a sign-in first (Buy now as a visitor, a private page's link): say why.
  const continuing = typeof state === 'object' && state !== null && (state as { continuing?: unknown }).continuing === true;
  // Learners and creators keep their sign-in under one key (spec §6): one of them at a time.
  const sharedWith = signedInSharer(role);
  return (
    <form noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-busy={busy}>
      {signedOut ? (
        <p role="status" className="alert alert-info alert-soft text-sm">
          You were signed out. Log in again to continue.
        </p>
      ) : continuing ? (
        <p role="status" className="alert alert-info alert-soft text-sm">
          {role === 'learner' ? 'Log in, or create an account, to continue.' : 'Log in to continue.'}
        </p>
      ) : null}
      {sharedWith ? (
        <p className="alert alert-warning alert-soft text-sm">
          You are signed in here as a {sharedWith}: logging in as a {role} signs that account out on this browser.
        </p>
      ) : null}
      <FormField label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" className="input w-full" {...register('email', forget)} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <input type="password" autoComplete="current-password" className="input w-full" {...register('password', forget)} />
      </FormField>
      {elsewhere ? (
        <div role="alert" className="alert alert-info alert-soft flex flex-col items-start gap-1 text-sm">
          <p>{elsewhere.message}</p>
          <Link className="link link-primary font-medium" to={logInFormPathByRole[elsewhere.role]}>
            Go to the {areaNameByRole[elsewhere.role]} login
          </Link>
        </div>
      ) : null}
      {/* The e-mail typed so far goes along (in the history state, not the address), so it is not typed twice. */}
      <Link className="link link-primary -mt-2 self-end text-sm" to={`/forgot-password?role=${role}`} state={{ email: watch('email').trim() }}>
        Forgot password?
      </Link>
      {failure ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {failure}
        </p>
      ) : null}
      {/* aria-disabled, not disabled: a disabled button drops the focus it holds, and a failed attempt must leave it there. */}
      <button type="submit" className="btn btn-primary mt-2" aria-disabled={busy}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {busy ? 'Signing in…' : submitLabel}
      </button>
    </form>
  );
}
