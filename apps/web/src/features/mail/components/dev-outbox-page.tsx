import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { OutboxMessage, OutboxStatus } from '@parley/domain/mail';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { FormField } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useDevOutbox } from '../api/get-dev-outbox';

const statusLabels: Record<OutboxStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'warning' },
  sending: { label: 'Sending', variant: 'warning' },
  kept: { label: 'Kept here (not sent)', variant: 'neutral' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'error' },
};

/** /dev/outbox: every e-mail and text message the server queued, readable without a mail server or SMS provider. Development only. */
export function DevOutboxPage() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') || undefined;
  const [draft, setDraft] = useState(to ?? '');
  const outbox = useDevOutbox(to);

  const applyFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = draft.trim();
    setParams(address ? { to: address } : {});
  };
  const clearFilter = () => {
    setDraft('');
    setParams({});
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 lg:px-8">
      <PageHeader
        title="Development outbox"
        subtitle="This is the development outbox, not a real inbox: every e-mail and text message the server queues (gift links, reminders, phone codes) shows here, newest first. Production servers, and servers with a real mail server or SMS provider, do not have this page."
      />

      <form onSubmit={applyFilter} className="mb-6 flex flex-wrap items-end gap-3" role="search" aria-label="Filter messages">
        <div className="min-w-0 flex-1 basis-60">
          <FormField label="Recipient e-mail address or phone number">
            <input type="text" className="input w-full" value={draft} onChange={(event) => setDraft(event.target.value)} autoComplete="off" />
          </FormField>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary">
            Filter
          </button>
          {to ? (
            <button type="button" className="btn btn-ghost" onClick={clearFilter}>
              Show all
            </button>
          ) : null}
        </div>
      </form>

      <section aria-labelledby="outbox-results" aria-busy={outbox.isFetching}>
        <h2 id="outbox-results" className="sr-only">
          Messages
        </h2>
        <p aria-live="polite" className="mb-3 text-sm text-base-content/70">
          {outbox.data ? summary(outbox.data.length, to) : ''}
        </p>
        {outbox.isPending ? <Spinner label="Loading messages" /> : null}
        {outbox.isError ? (
          isApiError(outbox.error) && outbox.error.status === 404 ? (
            <EmptyState level={3} title="No development outbox here" icon="lock">
              This server runs in production, where the development outbox is switched off. Mail goes out through its mail server.
            </EmptyState>
          ) : (
            <RetryAlert message={errorMessage(outbox.error)} onRetry={() => void outbox.refetch()} retrying={outbox.isFetching} />
          )
        ) : null}
        {outbox.data?.length === 0 ? (
          <EmptyState level={3} title="No messages" icon="message">
            {to ? `Nothing has been queued for ${to} yet.` : 'Nothing has been queued yet.'}
          </EmptyState>
        ) : null}
        {outbox.data?.length ? (
          <ol className="space-y-4" aria-label="Messages, newest first">
            {outbox.data.map((message) => (
              <MessageItem key={message._id} message={message} />
            ))}
          </ol>
        ) : null}
      </section>
    </div>
  );
}

function MessageItem({ message }: { message: OutboxMessage }) {
  const status = statusLabels[message.status];
  const headingId = `message-${message._id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={headingId} className="min-w-0 break-words text-lg font-semibold">
              {message.channel === 'sms' ? `Text message to ${message.to}` : message.subject}
            </h3>
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">To</dt>
            <dd className="min-w-0 break-all">{message.to}</dd>
            <dt className="text-base-content/70">Queued</dt>
            <dd>
              <time dateTime={message.createdAt}>{format(new TZDate(message.createdAt, browserTimeZone()), 'd MMM yyyy, h:mm a')}</time>
            </dd>
          </dl>
          <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-box bg-base-200 p-3 font-mono text-sm">{withLinks(message.text)}</pre>
        </div>
      </article>
    </li>
  );
}

function summary(count: number, to: string | undefined): string {
  const messages = count === 1 ? '1 message' : `${count} messages`;
  return to ? `${messages} to ${to}` : messages;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** The text with its http(s) links made clickable; a sentence's closing punctuation stays outside the link. */
function withLinks(text: string): ReactNode[] {
  return text.split(URL_PATTERN).flatMap((piece, index) => {
    if (index % 2 === 0) return piece ? [piece] : [];
    const href = piece.replace(/[.,;:!?)\]]+$/, '');
    const rest = piece.slice(href.length);
    return [
      <a key={index} href={href} className="link link-primary break-all" rel="noreferrer">
        {href}
      </a>,
      ...(rest ? [rest] : []),
    ];
  });
}
