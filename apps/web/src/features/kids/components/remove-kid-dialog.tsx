import { useEffect, useRef } from 'react';
import type { KidSummary } from '@parley/domain/kids';
import { errorMessage } from '../../../shared/lib/http';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { Modal } from '../../../shared/ui/modal';
import { useRemoveKid } from '../api/remove-kid';

type Props = {
  /** The kid asked about; null keeps the dialog closed. */
  kid: KidSummary | null;
  onClose: () => void;
  /** After the server removed it, with its message. */
  onRemoved: (kid: KidSummary, message: string) => void;
};

/**
 * Remove a kid profile, confirmed by name. The server keeps a profile anything hangs on
 * (sessions, purchases, peer practice, chats): its text says why and stays in the dialog, whose
 * only button is then OK.
 */
export function RemoveKidDialog({ kid, onClose, onRemoved }: Props) {
  const remove = useRemoveKid();
  const ok = useRef<HTMLButtonElement>(null);
  const refused = remove.isError;
  // The Remove button that had focus is gone once the server refuses: focus goes to OK.
  useEffect(() => {
    if (refused) ok.current?.focus();
  }, [refused]);

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const once = useSingleFlight();
  const confirm = () => {
    if (!kid) return;
    once((done) =>
      remove.mutate(kid._id, {
        onSuccess: ({ message }) => {
          remove.reset();
          onRemoved(kid, message);
        },
        onSettled: done,
      }),
    );
  };

  return (
    <Modal
      open={kid !== null}
      onClose={close}
      title={`Remove ${kid?.name ?? 'kid'}?`}
      size="sm"
      actions={
        refused ? (
          <button ref={ok} type="button" className="btn" onClick={close}>
            OK
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-ghost" onClick={close} disabled={remove.isPending}>
              Keep profile
            </button>
            <button type="button" className="btn btn-error" onClick={confirm} aria-disabled={remove.isPending || undefined}>
              {remove.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Remove {kid?.name}
            </button>
          </>
        )
      }
    >
      {refused ? (
        <p role="alert" className="alert alert-warning alert-soft">
          {errorMessage(remove.error)}
        </p>
      ) : (
        <div className="space-y-3">
          <p>{kid?.name}’s profile will be deleted for good, and its place among your kid profiles freed.</p>
          <p className="text-sm text-base-content/70">Only a profile with no sessions, purchases, peer practice or chats can be removed.</p>
        </div>
      )}
    </Modal>
  );
}
