import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PHONE_CODE_DIGITS, phoneVerifyPayload } from '@parley/domain/phone-verification';
import type { UserRecord } from '@parley/domain/user';
import { errorMessage } from '../../../shared/lib/http';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { notify } from '../../../shared/lib/toast';
import { useSendPhoneCode, type PhoneCodeSent } from '../api/send-phone-code';
import { useVerifyPhoneCode } from '../api/verify-phone-code';

const SENT_KEY = 'parley.phoneCodeSent';
type KeptSend = { userId: string; phoneNumber: string | null; sent: PhoneCodeSent };

/** A code sent to this user's number that still works, kept in the tab across a reload (the user may leave to read the SMS). */
function keptSend(user: UserRecord): PhoneCodeSent | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(SENT_KEY) ?? 'null') as KeptSend | null;
    if (!kept || kept.userId !== user._id || kept.phoneNumber !== user.phoneNumber) return null;
    return Date.parse(kept.sent.expiresAt) > Date.now() ? kept.sent : null;
  } catch {
    return null;
  }
}

function keepSend(user: UserRecord, sent: PhoneCodeSent): void {
  try {
    sessionStorage.setItem(SENT_KEY, JSON.stringify({ userId: user._id, phoneNumber: user.phoneNumber, sent } satisfies KeptSend));
  } catch {
    // Storage refused (private mode): the code still works on this page.
  }
}

/**
 * Verifying the saved phone number: send a one-time code by SMS, type it back. Shown under the
 * profile form while the saved number is not verified (a number still being edited is saved first).
 * A code sent and still working is asked for again after a reload.
 */
export function PhoneVerification({ user }: { user: UserRecord }) {
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const [sent, setSent] = useState<PhoneCodeSent | null>(() => keptSend(user));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const codeId = useId();
  // Send code goes as the code's form takes its place: the focus goes to the code, not to the page.
  // (A code kept from before a reload takes no focus: the page opens as pages do.)
  const codeField = useRef<HTMLInputElement>(null);
  const [keptAtStart] = useState(sent !== null);
  const codeAsked = sent !== null && !keptAtStart;
  useEffect(() => {
    if (codeAsked) codeField.current?.focus();
  }, [codeAsked]);

  if (!user.phoneNumber || user.isPhoneNumberVerified) return null;

  const sendCode = async () => {
    if (send.isPending || sent?.sendsLeft === 0) return;
    setError(null);
    try {
      const answer = await send.mutateAsync();
      keepSend(user, answer);
      setSent(answer);
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = phoneVerifyPayload.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    try {
      const result = await verify.mutateAsync(parsed.data.code);
      notify.success(result.message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section aria-labelledby={headingId} className="card mt-6 border border-warning/50 bg-base-100">
      <div className="card-body gap-3">
        <h2 id={headingId} className="card-title text-base">
          Verify your phone number
        </h2>
        {sent ? (
          <form noValidate onSubmit={submit} className="flex flex-col gap-3">
            <p className="text-sm text-base-content/80" role="status">
              We sent a {PHONE_CODE_DIGITS}-digit code to {sent.sentTo}. It works until {formatInstant(sent.expiresAt, user.timezone, 'h:mm a')}.
            </p>
            <div className="flex flex-wrap items-end gap-2">
              <div className="flex flex-col gap-1">
                <label htmlFor={codeId} className="text-sm font-medium">
                  Code
                </label>
                <input
                  ref={codeField}
                  id={codeId}
                  className={`input w-40 font-mono tracking-widest ${error ? 'input-error' : ''}`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${codeId}-error` : undefined}
                  // Digits only, then the first six: a code pasted as " 808 930" is still the code.
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, PHONE_CODE_DIGITS))}
                />
              </div>
              <button type="submit" className="btn btn-primary" aria-disabled={verify.isPending || undefined}>
                {verify.isPending ? 'Checking…' : 'Verify'}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => void sendCode()} aria-disabled={send.isPending || sent.sendsLeft === 0 || undefined}>
                Send a new code
              </button>
            </div>
            <p className="text-xs text-base-content/70">
              {sent.sendsLeft === 0 ? 'That was the last code for this hour.' : `You can ask for ${sent.sendsLeft} more ${sent.sendsLeft === 1 ? 'code' : 'codes'} this hour.`}
            </p>
          </form>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p className="min-w-[12rem] flex-1 text-sm text-base-content/80">Your number {user.phoneNumber} is not verified yet. We will text you a code to confirm it is yours.</p>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void sendCode()} aria-disabled={send.isPending || undefined}>
              {send.isPending ? 'Sending…' : 'Send code'}
            </button>
          </div>
        )}
        {error ? (
          <p id={`${codeId}-error`} role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
