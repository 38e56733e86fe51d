import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@parley/domain/auth';
import { passwordTexts } from '@parley/domain/password-reset';
import { logInFormPathByRole, type PasswordRole } from '@parley/domain/roles';
import { isApiError } from '../../../shared/lib/http';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import { FormField } from '../../../shared/ui/form-field';
import { usePasswordResetCheck, useResetPassword } from '../api/password';
import { AuthCard } from './auth-card';
import { roleFromQuery } from './forgot-password-page';

const newPassword = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], message: 'The two passwords are not the same' });
type NewPassword = z.infer<typeof newPassword>;

/** To a new link for the area this one was for (`&role=` in another area's link). */
function AskAgain({ role }: { role: PasswordRole }) {
  return (
    <Link className="link link-primary" to={role === 'learner' ? '/forgot-password' : `/forgot-password?role=${role}`}>
      Ask for a new link
    </Link>
  );
}

/** /reset-password?token=…: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const askAgain = <AskAgain role={roleFromQuery(params.get('role'))} />;
  const navigate = useNavigate();
  const reset = useResetPassword();
  const complete = token.length >= 20;
  const check = usePasswordResetCheck(token, complete);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPassword>({ resolver: zodResolver(newPassword), defaultValues: { password: '', repeat: '' } });

  if (!complete) {
    return (
      <AuthCard title="Choose a new password" footer={askAgain}>
        <p role="alert">This link is not complete. Open the link from the e-mail again, or ask for a new one.</p>
      </AuthCard>
    );
  }

  const onSubmit = async ({ password }: NewPassword) => {
    try {
      const done = await reset.mutateAsync({ token, password });
      notify.success(done.message);
      // The log-in form opens with the account's e-mail in it (as the forgot page did).
      navigate(logInFormPathByRole[done.role], { replace: true, state: { email: done.email } });
    } catch (error) {
      if (applyFieldErrors(error, setError, ['password'])) return;
      // A used or expired link is said beside the form, with the way to a new one.
      if (!(isApiError(error) && error.message === passwordTexts.resetLinkInvalid)) notify.failure(error);
    }
  };
  const linkDead = isApiError(reset.error) && reset.error.message === passwordTexts.resetLinkInvalid;

  // A used or expired link says so as the page opens, not after the password was typed twice.
  if (check.data?.valid === false) {
    return (
      <AuthCard title="Choose a new password" footer={askAgain}>
        <p role="alert" className="alert alert-error">
          {passwordTexts.resetLinkInvalid}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Choosing a new password signs you out on every device." footer={askAgain}>
      {linkDead ? (
        <p role="alert" className="alert alert-error">
          {passwordTexts.resetLinkInvalid}
        </p>
      ) : null}
      <form noValidate onSubmit={reset.isPending ? (event) => event.preventDefault() : handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-busy={reset.isPending}>
        <FormField label="New password" error={errors.password?.message} hint="At least 8 characters">
          <input type="password" autoComplete="new-password" className="input w-full" {...register('password')} />
        </FormField>
        <FormField label="Repeat the new password" error={errors.repeat?.message}>
          <input type="password" autoComplete="new-password" className="input w-full" {...register('repeat')} />
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={reset.isPending}>
          {reset.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {reset.isPending ? 'Saving…' : 'Save the new password'}
        </button>
      </form>
    </AuthCard>
  );
}
