import { useState } from 'react';
import { countryName } from '../../../shared/lib/countries';
import { Badge } from '../../../shared/ui/badge';
import { TUTOR_APPLICATIONS_PAGE_SIZE, useTutorApplications } from '../api/get-tutor-applications';
import { Breakable, ModerationSection, TimeCell } from './moderation-section';

/** Applications tutors sent from /teach-with-us: who they are, what they teach, their story. */
export function TutorApplications({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const query = useTutorApplications(page);
  return (
    <ModerationSection
      headingId="tutor-applications"
      title="Tutor applications"
      description="Sent from the Teach with Us page. Newest first; reply by email."
      query={query}
      page={page}
      pageSize={TUTOR_APPLICATIONS_PAGE_SIZE}
      onPage={setPage}
      emptyTitle="No applications yet"
      emptyBody="Applications tutors send from the Teach with Us page appear here."
      icon="tutor"
    >
      {(items, pageLabel) => (
        <ul aria-label={`Tutor applications, ${pageLabel}`} className="space-y-3">
          {items.map((application) => (
            <li key={application._id} className="rounded-box border border-base-300 bg-base-100 p-4">
              <article aria-labelledby={`application-${application._id}`} className="space-y-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h3 id={`application-${application._id}`} className="font-semibold wrap-break-word">
                    {application.name}
                  </h3>
                  <span className="text-sm text-base-content/80">
                    <TimeCell iso={application.createdAt} timeZone={timeZone} />
                  </span>
                </div>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-base-content/80">Email</dt>
                    <dd className="wrap-break-word">
                      <a className="link" href={`mailto:${application.email}`}>
                        <Breakable text={application.email} at={/(?=@)/} />
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-base-content/80">Country</dt>
                    <dd>{countryName(application.country)}</dd>
                  </div>
                  <div>
                    <dt className="text-base-content/80">Experience</dt>
                    <dd>
                      {application.experienceYears} {application.experienceYears === 1 ? 'year' : 'years'}
                    </dd>
                  </div>
                </dl>
                <ul aria-label="Subjects" className="flex flex-wrap gap-1.5">
                  {application.subjects.map((subject) => (
                    <li key={subject}>
                      <Badge variant="primary" size="sm">
                        {subject}
                      </Badge>
                    </li>
                  ))}
                </ul>
                <p className="text-sm whitespace-pre-line wrap-break-word">{application.bio}</p>
                {/* The server takes only http(s) addresses here, so the link cannot run script. */}
                {application.link ? (
                  <a className="link text-sm break-all" href={application.link} target="_blank" rel="noopener noreferrer nofollow">
                    {application.link}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
    </ModerationSection>
  );
}
