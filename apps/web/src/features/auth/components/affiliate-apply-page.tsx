import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { AFFILIATE_AUDIENCE_MAX, affiliateSignupPayload, type AffiliateSignup, type AffiliateSignupPayload } from '@parley/domain/auth';
import { AFFILIATE_COMMISSION_CAP_MINOR, AFFILIATE_COMMISSION_PERCENT, AFFILIATE_COMMISSION_WINDOW_DAYS } from '@parley/domain/affiliate';
import { formatMoney } from '@parley/domain/money';
import { FormField } from '../../../shared/ui/form-field';
import { useAffiliateSignup } from '../api/affiliate-signup';
import { useAccountSubmit } from '../lib/use-account-submit';
import { AccountFields } from './account-fields';
import { AuthCard } from './auth-card';
import { browserDefaults } from './signup-form';

const fieldNames = ['name', 'email', 'password', 'country', 'timezone', 'channel', 'audience'] as const;

/**
 * /affiliate/apply: an affiliate partner's application, which is their account too. It is signed in
 * at once and its dashboard says Pending until a moderator approves it; sharing opens only then.
 */
export function AffiliateApplyPage() {
  return (
    <AuthCard
      title="Become an affiliate partner"
      subtitle={`Share Parley with the people who follow you. You earn ${AFFILIATE_COMMISSION_PERCENT}% of what each learner you bring pays in their first ${AFFILIATE_COMMISSION_WINDOW_DAYS} days, up to ${formatMoney({ amountMinor: AFFILIATE_COMMISSION_CAP_MINOR.INR, currency: 'INR' })} (${formatMoney({ amountMinor: AFFILIATE_COMMISSION_CAP_MINOR.USD, currency: 'USD' })}) a learner.`}
      footer={
        <span>
          Already a partner? <Link className="link link-primary" to="/affiliate/login">Log in here</Link>
        </span>
      }
    >
      <AffiliateSignupForm />
    </AuthCard>
  );
}

function AffiliateSignupForm() {
  const apply = useAffiliateSignup();
  const browser = useMemo(browserDefaults, []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AffiliateSignupPayload, unknown, AffiliateSignup>({
    resolver: zodResolver(affiliateSignupPayload),
    defaultValues: { name: '', email: '', password: '', country: browser.country, timezone: browser.timezone, channel: '', audience: '' },
  });
  // Applied: the form stays, still busy, until the dashboard's code has arrived.
  const { submit, leaving } = useAccountSubmit((values: AffiliateSignup) => apply.mutateAsync(values), { setError, fieldNames, sentText: 'Application sent. We will review it soon.' });

  // Registered in the order shown, so a refused submit focuses the first field in error.
  const fields = {
    name: register('name'),
    email: register('email'),
    password: register('password'),
    country: register('country'),
    timezone: register('timezone'),
    channel: register('channel'),
    audience: register('audience'),
  };
  const busy = isSubmitting || apply.isPending || leaving;
  return (
    <form noValidate onSubmit={busy ? (event) => event.preventDefault() : handleSubmit(submit)} className="flex flex-col gap-4" aria-busy={busy}>
      <AccountFields fields={fields} errors={errors} initial={browser} />
      <FormField label="Where you will share Parley" error={errors.channel?.message} hint="Your channel, page or site, starting with https://">
        <input type="url" inputMode="url" autoComplete="url" placeholder="https://" className="input w-full" {...fields.channel} />
      </FormField>
      <FormField label="Your audience" error={errors.audience?.message} hint="Who follows you there, and how many.">
        <textarea className="textarea min-h-24 w-full" maxLength={AFFILIATE_AUDIENCE_MAX} {...fields.audience} />
      </FormField>
      <button type="submit" className="btn btn-primary mt-2" aria-disabled={busy || undefined}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {busy ? 'Sending your application…' : 'Apply'}
      </button>
    </form>
  );
}
