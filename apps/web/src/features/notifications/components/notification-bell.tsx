import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NOTIFICATIONS_LIST_MAX, NOTIFICATIONS_PAGE_SIZE, restateSessionTimes, type Notification } from '@parley/domain/live-sessions';
import type { Role } from '@parley/domain/roles';
import { badgeCount } from '../../../shared/lib/badge-count';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { notify } from '../../../shared/lib/toast';
import { focusInPlace, focusPageHeading, useFocusWhenGone } from '../../../shared/lib/use-focus-hand-off';
import { Spinner } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useNotificationsRealtime } from '../lib/use-notifications-realtime';

type Props = {
  /** Whose notifications: the session this shell runs under. */
  role: Role;
  /** Times show in the user's own timezone (the browser's when the shell does not know it). */
  timeZone?: string;
};

/** "Notifications, 3 unread": the count is part of the button's name, not only a badge. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${badgeCount(unread)} unread` : 'Notifications';
}

/** Whether `link` is the page at `here` (its path and query). */
function samePage(link: string, here: { pathname: string; search: string }): boolean {
  const target = new URL(link, 'http://parley.invalid');
  return target.pathname === here.pathname && target.search === here.search;
}

/**
 * The bell in every shell's top bar: the unread count, a panel with the latest notifications
 * (title, body, time, link; one without a link has its own Mark as read), Show older for the ones
 * before them (up to 100) and Mark all as read. Pushed notifications arrive over the socket and
 * are announced politely. Escape or a click elsewhere closes the panel; Escape puts focus back
 * on the bell.
 */
export function NotificationBell({ role, timeZone }: Props) {
  const location = useLocation();
  const { live, announcement } = useNotificationsRealtime(role);
  const [limit, setLimit] = useState(NOTIFICATIONS_PAGE_SIZE);
  const notifications = useNotifications(role, { live, limit });
  const markRead = useMarkNotificationsRead(role);
  const [open, setOpen] = useState(false);
  // Said once every notice is marked read: the button keeps the focus, and only the bell's name changed.
  const [markedAll, setMarkedAll] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();
  const zone = timeZone ?? browserTimeZone();
  const unread = notifications.data?.unread ?? 0;

  const list = useRef<HTMLUListElement>(null);
  // Show older: the first of the older ones takes the focus once they are listed.
  const firstOlder = useRef<number | null>(null);
  const listed = notifications.isPlaceholderData ? undefined : notifications.data?.items.length;
  useEffect(() => {
    const index = firstOlder.current;
    if (index === null || listed === undefined) return;
    firstOlder.current = null;
    const item = list.current?.children[Math.min(index, listed - 1)];
    if (item instanceof HTMLElement) focusInPlace(item);
  }, [listed]);
  const showOlder = () => {
    if (notifications.isFetching) return;
    firstOlder.current = notifications.data?.items.length ?? 0;
    setLimit((shown) => Math.min(shown + NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_LIST_MAX));
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setMarkedAll(false);
    setLimit(NOTIFICATIONS_PAGE_SIZE);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const markAll = () => {
    if (unread === 0 || markRead.isPending) return;
    markRead.mutate(undefined, {
      onSuccess: () => setMarkedAll(true),
      onError: (error) => notify.failure(error),
    });
  };
  // Following a notification's link counts as reading it.
  const follow = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate([notification._id]);
    close(false);
    // A link to the page already open goes nowhere, and the link goes with the panel: the page's
    // heading takes the focus, as it does after a move to another page.
    if (notification.link && samePage(notification.link, location)) focusPageHeading();
  };
  // One without a link is read with its own Mark as read.
  const markOne = (notification: Notification) => markRead.mutate([notification._id], { onError: (error) => notify.failure(error) });

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the panel closes it; focus moves on by itself.
        if (open && event.relatedTarget instanceof Node && !root.current?.contains(event.relatedTarget)) close(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square btn-sm relative"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />
        </svg>
        {unread > 0 ? (
          <span aria-hidden="true" className="badge badge-primary badge-xs absolute -right-1 -top-1 h-4 min-w-4 px-1 text-[0.65rem] font-bold">
            {badgeCount(unread)}
          </span>
        ) : null}
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="fixed inset-x-2 top-16 z-40 flex max-h-[70vh] flex-col rounded-box border border-base-300 bg-base-100 shadow-xl outline-none focus-visible:ring-2 focus-visible:ring-primary sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-base-300 px-4 py-3">
            <p id={titleId} className="font-semibold">
              Notifications
            </p>
            {/* Not there with nothing listed: it would be a Tab stop that does nothing. */}
            {notifications.data && notifications.data.items.length > 0 ? (
              <button type="button" className="btn btn-ghost btn-xs" onClick={markAll} aria-disabled={unread === 0 || markRead.isPending || undefined}>
                Mark all as read
              </button>
            ) : null}
            <p role="status" className="sr-only">
              {markedAll ? 'Every notification is marked as read.' : ''}
            </p>
          </div>
          <div className="overflow-y-auto">
            {notifications.isPending ? (
              <div className="flex justify-center p-6">
                <Spinner label="Loading notifications" />
              </div>
            ) : notifications.isError ? (
              <RetryAlert className="m-3" message={notifications.error.message} onRetry={() => notifications.refetch()} retrying={notifications.isFetching} />
            ) : notifications.data.items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-base-content/70">No notifications yet.</p>
            ) : (
              <>
                <ul ref={list} aria-labelledby={titleId} className="divide-y divide-base-300">
                  {notifications.data.items.map((notification) => (
                    <NotificationItem key={notification._id} notification={notification} timeZone={zone} onFollow={() => follow(notification)} onMarkRead={() => markOne(notification)} />
                  ))}
                </ul>
                {notifications.data.hasMore ? (
                  limit < NOTIFICATIONS_LIST_MAX ? (
                    <div className="border-t border-base-300 p-2 text-center">
                      <button type="button" className="btn btn-ghost btn-sm" onClick={showOlder} aria-disabled={notifications.isFetching || undefined}>
                        {notifications.isPlaceholderData ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                        Show older
                      </button>
                    </div>
                  ) : (
                    <p className="border-t border-base-300 px-4 py-3 text-center text-xs text-base-content/70">
                      The latest {NOTIFICATIONS_LIST_MAX} are listed. Mark all as read reaches older ones too.
                    </p>
                  )
                ) : null}
              </>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}

type ItemProps = { notification: Notification; timeZone: string; onFollow: () => void; onMarkRead: () => void };

function NotificationItem({ notification, timeZone, onFollow, onMarkRead }: ItemProps) {
  const unread = notification.readAt === null;
  // Mark as read goes once it is read: the focus it held stays on the item, in the panel.
  const canMark = unread && !notification.link;
  const item = useRef<HTMLLIElement>(null);
  useFocusWhenGone(canMark, item);
  const title = notification.link ? (
    notification.link.startsWith('/') ? (
      <Link to={notification.link} className="link link-hover" onClick={onFollow}>
        {notification.title}
      </Link>
    ) : (
      <a href={notification.link} className="link link-hover" onClick={onFollow}>
        {notification.title}
      </a>
    )
  ) : (
    notification.title
  );
  return (
    <li ref={item} data-testid="notification" className={`flex gap-3 px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-primary ${unread ? 'bg-primary/5' : ''}`}>
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className={`text-sm ${unread ? 'font-semibold' : 'font-medium'}`}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {title}
        </p>
        {/* Session times in the reader's zone now: a notice written before a zone change named the old one. */}
        <p className="text-sm break-words text-base-content/70">{restateSessionTimes(notification.body, timeZone)}</p>
        <p className="text-xs text-base-content/70">
          <time dateTime={notification.createdAt}>{formatInstant(notification.createdAt, timeZone, 'EEE d MMM, h:mm a')}</time>
        </p>
        {canMark ? (
          <button type="button" className="btn btn-ghost btn-xs -ml-2" aria-label={`Mark as read: ${notification.title}`} onClick={onMarkRead}>
            Mark as read
          </button>
        ) : null}
      </div>
    </li>
  );
}
