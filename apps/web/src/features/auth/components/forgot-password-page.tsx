import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { passwordResetRequestPayload } from '@parley/domain/password-reset';
import { areaNameByRole, logInFormPathByRole, passwordRoles, type PasswordRole } from '@parley/domain/roles';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { useRequestPasswordReset } from '../api/password';
import { AuthCard } from './auth-card';
import { handedEmail } from '../lib/handed-email';

const emailOnly = passwordResetRequestPayload.pick({ email: true });
type EmailInput = z.input<typeof emailOnly>;
type Email = z.output<typeof emailOnly>;

/** The area a reset is for (?role=teacher from the tutors' login page); the learners' by default. */
export function roleFromQuery(value: string | null): PasswordRole {
  return passwordRoles.find((role) => role === value) ?? 'learner';
}

/** /forgot-password?role=…: asks for a reset link; the answer reads the same whether the account exists. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const role = roleFromQuery(params.get('role'));
  const ask = useRequestPasswordReset();
  // The login form hands over the e-mail typed there.
  const typed = handedEmail(useLocation().state);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailInput, unknown, Email>({ resolver: zodResolver(emailOnly), defaultValues: { email: typed } });

  const onSubmit = async ({ email }: Email) => {
    try {
      await ask.mutateAsync({ role, email });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['email'])) notify.failure(error);
    }
  };
  const back = (
    <Link className="link link-primary" to={logInFormPathByRole[role]}>
      Back to log in
    </Link>
  );

  if (ask.isSuccess) {
    return (
      <AuthCard title="Check your email" footer={back}>
        <p role="status">{ask.data.message}</p>
        <p className="text-sm text-base-content/70">No e-mail after a few minutes? Look in the spam folder, or ask again.</p>
        <button type="button" className="btn btn-ghost self-start" onClick={() => ask.reset()}>
          Ask again
        </button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot your password?" subtitle={`Enter the email ${role === 'learner' ? 'you log in with' : `of your ${areaNameByRole[role]} account`}, and we will send you a link to choose a new password.`} footer={back}>
      <form noValidate onSubmit={ask.isPending ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-busy={ask.isPending}>
        <FormField label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="email" className="input w-full" {...register('email')} />
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={ask.isPending}>
          {ask.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {ask.isPending ? 'Sending…' : 'Send the link'}
        </button>
      </form>
    </AuthCard>
  );
}
