import { useEffect, useRef, useState } from 'react';
import type { SessionItem } from '@parley/domain/booking';
import { getCancelPreview, type SessionActor } from '../api/get-cancel-preview';
import { isApiError } from '../lib/http';
import { notify } from '../lib/toast';
import { useFocusWhenClosedAndGone } from '../lib/use-focus-hand-off';

/** A session's dialog (Cancel, Reschedule), opened from its row. */
export type SessionDialog<Kind extends string> = { kind: Kind; session: SessionItem };

/** What a row calls to open one of its session's dialogs. */
export type OpenSessionDialog<Kind extends string> = (kind: Kind, session: SessionItem) => void;

/**
 * The dialog a row of a session list opens, held by the list so that it outlives its row. A session
 * that leaves the list while its dialog is open (cancelled or moved in another window, or by the
 * other side) closes the dialog with the server's reason instead of making it vanish, and the focus
 * comes back to `home` (put it around the list); one only pushed off this page (still booked) keeps
 * its dialog. `shown` is the sessions the list shows, undefined while it has none to show yet.
 */
export function useSessionDialog<Kind extends string>(as: SessionActor, shown: readonly SessionItem[] | undefined) {
  const [dialog, setDialog] = useState<SessionDialog<Kind> | null>(null);
  const home = useRef<HTMLDivElement>(null);
  const openId = dialog?.session._id;
  const listed = !shown || shown.some((item) => item._id === openId);
  useEffect(() => {
    if (!openId || listed) return;
    let current = true;
    getCancelPreview(as, openId).catch((error: unknown) => {
      if (!current || !isApiError(error) || error.code !== 'CONFLICT') return;
      notify.info(error.message);
      setDialog(null);
    });
    return () => {
      current = false;
    };
  }, [as, openId, listed]);
  // Its row went with it: the focus comes back to the list rather than falling to the page.
  useFocusWhenClosedAndGone(dialog !== null, home);
  const open: OpenSessionDialog<Kind> = (kind, session) => setDialog({ kind, session });
  return { dialog, open, close: () => setDialog(null), home };
}
