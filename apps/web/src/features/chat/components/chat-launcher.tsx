import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHAT_DRAWER_WIDTH_PX } from '@parley/domain/constants';
import { badgeCount } from '../../../shared/lib/badge-count';
import { Drawer } from '../../../shared/ui/drawer';
import { useUnreadMessages } from '../api/use-unread-messages';
import type { ChatAudience } from '../lib/use-chat-viewer';

export type { ChatAudience };

const ChatDrawerContent = lazy(() => import('./chat-drawer-content'));

/** Chat drawer: 790 px wide on desktop, full width on phones. */
export function ChatDrawer({
  open,
  onClose,
  audience,
  teacherId = null,
  linkedRequestId = null,
  onLinkedRequestShown,
}: {
  open: boolean;
  onClose: () => void;
  audience: ChatAudience;
  teacherId?: string | null;
  /** A request in that tutor's conversation to bring into view (a notice names it). */
  linkedRequestId?: string | null;
  onLinkedRequestShown?: () => void;
}) {
  return (
    <Drawer open={open} onClose={onClose} title="Chat with tutors" widthPx={CHAT_DRAWER_WIDTH_PX}>
      <div className="h-full">
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center" role="status">
              <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
              <span className="sr-only">Loading chat</span>
            </div>
          }
        >
          <ChatDrawerContent audience={audience} teacherId={teacherId} linkedRequestId={linkedRequestId} onLinkedRequestShown={onLinkedRequestShown} onNavigate={onClose} />
        </Suspense>
      </div>
    </Drawer>
  );
}

type ChatLauncherProps = {
  audience: ChatAudience;
  /** Opens straight into the conversation with this tutor (the 'Chat' action on a tutor). */
  teacherId?: string | null;
  label?: string;
  className?: string;
  /** Icon only below the sm breakpoint (crowded headers); the accessible name stays the label. */
  compactOnMobile?: boolean;
};

/** The query a notice links with to open the area's chat on a tutor's conversation: `?chat=<tutorId>`, and `&request=<id>` for a request in it. */
const CHAT_PARAM = 'chat';
const REQUEST_PARAM = 'request';

/**
 * A Chat button that opens the chat drawer: the /learner top tab bar's chat button,
 * the kids area's, or — with teacherId — the 'Chat' action on a tutor. The area's button also
 * opens when the address asks (`?chat=<tutorId>`, a notice's "ask again in the chat"), on that
 * tutor's conversation (and a request it names in view); the address then drops them, so a reload
 * does not open it again.
 */
export function ChatLauncher({ audience, teacherId = null, label = 'Chat', className = 'btn btn-primary btn-sm gap-2', compactOnMobile = false }: ChatLauncherProps) {
  const [open, setOpen] = useState(false);
  const [linked, setLinked] = useState<{ tutorId: string; requestId: string | null } | null>(null);
  const [params, setParams] = useSearchParams();
  const asked = teacherId === null ? params.get(CHAT_PARAM) : null;
  useEffect(() => {
    if (!asked) return;
    // Dropped before the drawer opens: the drawer's own history entry must not be replaced.
    const rest = new URLSearchParams(params);
    rest.delete(CHAT_PARAM);
    rest.delete(REQUEST_PARAM);
    setParams(rest, { replace: true });
    setLinked({ tutorId: asked, requestId: params.get(REQUEST_PARAM) });
    setOpen(true);
  }, [asked]);
  // The area's Chat button counts the unread messages of every conversation; a tutor's Chat action does not.
  const unread = useUnreadMessages(audience, teacherId === null);
  const name = unread > 0 ? `${label}, ${badgeCount(unread)} unread` : label;
  return (
    <>
      <button
        type="button"
        className={compactOnMobile ? `${className} relative max-sm:btn-square` : `${className} relative`}
        onClick={() => {
          setLinked(null);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label={compactOnMobile || unread > 0 ? name : undefined}
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        {compactOnMobile ? <span className="hidden sm:inline">{label}</span> : label}
        {/* The space keeps the visible text "Chat 3", which the name "Chat, 3 unread" contains (WCAG 2.5.3). */}
        {unread > 0 ? (
          <>
            {' '}
            <span className="badge badge-secondary badge-xs absolute -right-1.5 -top-1.5 tabular-nums" aria-hidden="true">
              {badgeCount(unread)}
            </span>
          </>
        ) : null}
      </button>
      <ChatDrawer
        open={open}
        onClose={() => setOpen(false)}
        audience={audience}
        teacherId={teacherId ?? linked?.tutorId ?? null}
        linkedRequestId={linked?.requestId ?? null}
        onLinkedRequestShown={() => setLinked((l) => (l ? { ...l, requestId: null } : l))}
      />
    </>
  );
}
