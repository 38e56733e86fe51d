import { useId, useState, type ReactNode } from 'react';
import { CANCEL_REASON_MAX } from '@parley/domain/live-sessions';
import { useCancelSession } from '../api/cancel-session';
import { getCancelPreview, useCancelPreview, type SessionActor } from '../api/get-cancel-preview';
import { answerLost, isApiError } from '../lib/http';
import { notify } from '../lib/toast';
import { useSingleFlight } from '../lib/use-single-flight';
import { Spinner } from './loader';
import { Modal } from './modal';
import { RetryAlert } from './retry-alert';

type Props = {
  as: SessionActor;
  sessionId: string;
  open: boolean;
  onClose: () => void;
  /** The session in words: 'English with Ananya Iyer on Tue, 12 Mar 2030 at 10:00 AM'. */
  summary: string;
  /** A demo is called one (it is booked again, not given back to a balance). */
  demo: boolean;
  /** Said under the summary (the tutor is told the learner is notified). */
  note?: ReactNode;
  /** After the server cancelled it: refresh what lists it. */
  onCancelled: () => void;
};

/**
 * Cancelling a session: the server's preview says first whether the session comes back or is
 * spent; then an optional reason and the confirmation. The server's answer is toasted.
 */
export function CancelSessionDialog({ as, sessionId, open, onClose, summary, demo, note, onCancelled }: Props) {
  const preview = useCancelPreview(as, sessionId, open);
  const cancel = useCancelSession(as);
  const [reason, setReason] = useState('');
  // After a lost answer (the connection dropped): whether the session turned out still booked, or could not be checked.
  const [afterLost, setAfterLost] = useState<'booked' | 'unknown' | null>(null);
  const reasonId = useId();
  const clear = () => {
    cancel.reset();
    setReason('');
    setAfterLost(null);
  };
  const close = () => {
    if (cancel.isPending) return;
    clear();
    onClose();
  };
  const finish = () => {
    onCancelled();
    clear();
    onClose();
  };
  /** The answer was lost, not necessarily the cancellation: the session is asked after, and one no longer booked is done with. */
  const checkAfterLost = async () => {
    try {
      await getCancelPreview(as, sessionId);
      setAfterLost('booked');
    } catch (error) {
      if (!isApiError(error) || error.code !== 'CONFLICT') return setAfterLost('unknown');
      notify.info(error.message);
      finish();
    }
  };
  const once = useSingleFlight();
  const confirm = () => {
    if (!preview.data) return;
    const promised = preview.data.refunded;
    setAfterLost(null);
    once((done) => {
      // The preview depends on the clock: a dialog left open across the 12-hour line would cancel on
      // a promise no longer true. Asked again at the press; a changed answer is shown (read out by its
      // live region) and nothing is cancelled until the user presses again, knowing it.
      void preview.refetch().then((fresh) => {
        if (fresh.isError || fresh.data?.refunded !== promised) return done();
        cancel.mutate(
          { sessionId, reason: reason.trim() },
          {
            onSuccess: (result) => {
              notify.success(result.message);
              finish();
            },
            onError: (error) => {
              if (answerLost(error)) void checkAfterLost();
            },
            onSettled: done,
          },
        );
      });
    });
  };
  const errorText = !cancel.isError
    ? null
    : !answerLost(cancel.error) || afterLost === 'booked'
      ? `${cancel.error.message} The session is still booked.`
      : afterLost === 'unknown'
        ? `${cancel.error.message} Parley could not check whether the session was cancelled: look at your sessions before trying again.`
        : null;

  return (
    <Modal
      open={open}
      onClose={close}
      title={demo ? 'Cancel this demo session?' : 'Cancel this session?'}
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={cancel.isPending}>
            Keep session
          </button>
          <button type="button" className="btn btn-error" onClick={confirm} aria-disabled={!preview.data || cancel.isPending || undefined}>
            {cancel.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Cancel session
          </button>
        </>
      }
    >
      <div className="space-y-4">
        <p>{summary}</p>
        {note ? <p className="text-sm text-base-content/70">{note}</p> : null}
        <div aria-live="polite">
          {preview.isPending ? (
            <Spinner label="Checking whether you get this session back" size="sm" />
          ) : preview.isError ? (
            <RetryAlert message={preview.error.message} onRetry={() => preview.refetch()} retrying={preview.isFetching} />
          ) : (
            <p data-testid="cancel-preview" className={`alert alert-soft ${preview.data.refunded ? 'alert-info' : 'alert-warning'}`}>
              {preview.data.message}
            </p>
          )}
        </div>
        <div className="form-control">
          <label htmlFor={reasonId} className="label mb-1 text-sm font-medium text-base-content">
            Reason (optional)
          </label>
          <textarea
            id={reasonId}
            className="textarea textarea-bordered w-full"
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            aria-describedby={`${reasonId}-count`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={cancel.isPending}
          />
          <p id={`${reasonId}-count`} className="mt-1 text-xs text-base-content/70">
            {reason.length} / {CANCEL_REASON_MAX} characters
          </p>
        </div>
        {cancel.isError && errorText === null ? <Spinner label="Checking whether the session was cancelled" size="sm" /> : null}
        {errorText ? (
          <p role="alert" className="alert alert-error alert-soft">
            {errorText}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
