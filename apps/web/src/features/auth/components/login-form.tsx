import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { loginPayload, type LoginPayload } from '@parley/domain/auth';
import type { PasswordRole } from '@parley/domain/roles';
import { FormField } from '../../../shared/ui/form-field';
import { notify } from '../../../shared/lib/toast';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { useLogin } from '../api/login';
import { finishSignIn } from '../lib/finish-sign-in';

const credentials = loginPayload.pick({ email: true, password: true });
type CredentialsInput = z.input<typeof credentials>;
type Credentials = z.output<typeof credentials>;

/** Email + password sign-in for one role; on success goes to the intended path or the role's home. */
export function LoginForm({ role, submitLabel = 'Log in' }: { role: PasswordRole; submitLabel?: string }) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CredentialsInput, unknown, Credentials>({ resolver: zodResolver(credentials), defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: Credentials) => {
    const payload: LoginPayload = { ...values, role };
    try {
      const answer = await loginMutation.mutateAsync(payload);
      navigate(finishSignIn(answer), { replace: true });
    } catch (error) {
      applyFieldErrors(error, setError, ['email', 'password']);
      notify.failure(error);
    }
  };

  const busy = isSubmitting || loginMutation.isPending;
  return (
    <form noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-busy={busy}>
      <FormField label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" className="input w-full" {...register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <input type="password" autoComplete="current-password" className="input w-full" {...register('password')} />
      </FormField>
      <Link className="link link-primary -mt-2 self-end text-sm" to={`/forgot-password?role=${role}`}>
        Forgot password?
      </Link>
      {/* aria-disabled, not disabled: a disabled button drops the focus it holds, and a failed attempt must leave it there. */}
      <button type="submit" className="btn btn-primary mt-2" aria-disabled={busy}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {busy ? 'Signing in…' : submitLabel}
      </button>
    </form>
  );
}
