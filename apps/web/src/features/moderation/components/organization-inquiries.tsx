import { useState } from 'react';
import { teamSizeLabels } from '@parley/domain/outreach';
import { ORGANIZATION_INQUIRIES_PAGE_SIZE, useOrganizationInquiries } from '../api/get-organization-inquiries';
import { Breakable, ModerationSection, TimeCell } from './moderation-section';

/** Enquiries organizations sent from /organization: who, how many people, what they want. */
export function OrganizationInquiries({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useOrganizationInquiries(page);
  return (
    <ModerationSection
      headingId="organization-inquiries"
      title="Organization enquiries"
      description="Sent from the For Organizations page. Newest first; reply by email."
      query={query}
      page={page}
      pageSize={ORGANIZATION_INQUIRIES_PAGE_SIZE}
      onPage={setPage}
      emptyTitle="No enquiries yet"
      emptyBody="Messages organizations send from the For Organizations page appear here."
      icon="handshake"
    >
      {(items, pageLabel) => (
        <ul aria-label={`Organization enquiries, ${pageLabel}`} className="space-y-3">
          {items.map((inquiry) => (
            <li key={inquiry._id} className="rounded-box border border-base-300 bg-base-100 p-4">
              <article aria-labelledby={`inquiry-${inquiry._id}`} className="space-y-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h3 id={`inquiry-${inquiry._id}`} className="font-semibold wrap-break-word">
                    {inquiry.organization}
                  </h3>
                  <span className="text-sm text-base-content/80">
                    <TimeCell iso={inquiry.createdAt} timeZone={timeZone} />
                  </span>
                </div>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-base-content/80">Contact</dt>
                    <dd className="font-medium wrap-break-word">{inquiry.name}</dd>
                  </div>
                  <div>
                    <dt className="text-base-content/80">Email</dt>
                    <dd className="wrap-break-word">
                      <a className="link" href={`mailto:${inquiry.email}`}>
                        <Breakable text={inquiry.email} at={/(?=@)/} />
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-base-content/80">Team size</dt>
                    <dd>{teamSizeLabels[inquiry.teamSize]}</dd>
                  </div>
                </dl>
                <p className="text-sm whitespace-pre-line wrap-break-word">{inquiry.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </ModerationSection>
  );
}
