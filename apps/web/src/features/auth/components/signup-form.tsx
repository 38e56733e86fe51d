import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { signupPayload } from '@parley/domain/auth';
import { FormField } from '../../../shared/ui/form-field';
import { knownCountryForTimeZone } from '@parley/domain/geo';
import { affiliateCodeInQuery } from '@parley/domain/affiliate-link';
import { getItem } from '../../../shared/lib/storage';
import { INACTIVE_AFFILIATE_CODE_EVENT, isInactiveAffiliateCode } from '../../../shared/lib/utm';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { useSignup } from '../api/signup';
import { usePeerSignup } from '../api/peer-signup';
import { useAccountSubmit } from '../lib/use-account-submit';
import { AccountFields } from './account-fields';

type SignupInput = z.input<typeof signupPayload>;
type Signup = z.output<typeof signupPayload>;
const fieldNames = ['name', 'email', 'password', 'country', 'timezone', 'referralCode'] as const;

/**
 * Where the form starts: the browser's timezone, and the country it lies in; none chosen when the
 * zone says no country (UTC, as some phones and privacy modes report), so the learner picks one.
 */
export function browserDefaults(): { timezone: string; country: string } {
  const timezone = browserTimeZone();
  return { timezone, country: knownCountryForTimeZone(timezone) ?? '' };
}

const prefilledCode = (code: string | null | undefined): string => (code && !isInactiveAffiliateCode(code) ? code : '');

/** Sign-up for a learner (/login "Create account") or a peer (/peer-signup). */
export function SignupForm({ kind }: { kind: 'learner' | 'peer' }) {
  const [params] = useSearchParams();
  const learnerSignup = useSignup();
  const peerSignupMutation = usePeerSignup();
  const mutation = kind === 'peer' ? peerSignupMutation : learnerSignup;
  const browser = useMemo(browserDefaults, []);

  const {
    register,
    handleSubmit,
    setError,
    getFieldState,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, Signup>({
    resolver: zodResolver(signupPayload),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      country: browser.country,
      timezone: browser.timezone,
      // A code in this page's address, else the affiliate code a campaign link brought to an earlier
      // page; not one a visit found not active (sign-up would refuse a code the learner never typed).
      referralCode: prefilledCode(params.get('referralCode') ?? params.get('ref') ?? affiliateCodeInQuery(getItem('UTM_PARAMS') ?? {})),
    },
  });
  // The visit that brought the code may answer after the form showed it.
  useEffect(() => {
    const letGo = (event: Event) => {
      const code = (event as CustomEvent<string>).detail;
      if (!getFieldState('referralCode').isDirty && getValues('referralCode')?.trim().toUpperCase() === code) setValue('referralCode', '');
    };
    window.addEventListener(INACTIVE_AFFILIATE_CODE_EVENT, letGo);
    return () => window.removeEventListener(INACTIVE_AFFILIATE_CODE_EVENT, letGo);
  }, [getFieldState, getValues, setValue]);

  // Signed up: the form stays, still busy, until the next page's code has arrived.
  const { submit, leaving } = useAccountSubmit((values: Signup) => mutation.mutateAsync({ ...values, referralCode: values.referralCode || undefined }), { setError, fieldNames });

  // Registered in the order they are shown: after a refused submit, react-hook-form focuses the
  // first field in error in the order fields were registered (WCAG 3.3.1, 2.4.3).
  const fields = {
    name: register('name'),
    email: register('email'),
    password: register('password'),
    country: register('country'),
    timezone: register('timezone'),
    referralCode: register('referralCode'),
  };

  const busy = isSubmitting || mutation.isPending || leaving;
  return (
    <form noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(submit)} className="flex flex-col gap-4" aria-busy={busy}>
      <AccountFields fields={fields} errors={errors} initial={browser} />
      <FormField label="Referral code (optional)" error={errors.referralCode?.message}>
        <input autoComplete="off" className="input w-full" {...fields.referralCode} />
      </FormField>
      {/* aria-disabled, not disabled: a disabled button drops the focus it holds, and a failed attempt must leave it there. */}
      <button type="submit" className="btn btn-primary mt-2" aria-disabled={busy}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {busy ? 'Creating your account…' : kind === 'peer' ? 'Join Peer Learning' : 'Create account'}
      </button>
    </form>
  );
}
