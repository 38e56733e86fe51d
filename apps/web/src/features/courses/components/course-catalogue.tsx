import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { courseSubjects, type CourseSubject } from '@parley/domain/courses';
import { errorMessage } from '../../../shared/lib/http';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { useVisitorCurrency } from '../../../shared/lib/price-currency';
import { Pager, useLastPageWhenPast, usePageParam, usePageTurn } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_SEARCH_MAX, catalogueParams, catalogueQueryOf, subjectLabels } from '../api/catalogue-request';
import { useAllCourses } from '../api/get-all-courses';
import { useActiveCourseSubscriptions } from '../api/get-active-course-subscriptions';
import { useOwnedCourseIds } from '../api/get-owned-course-ids';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { CourseCard, type CourseAccess } from './course-card';

/**
 * The catalogue: a subject filter (unless the page fixes one) and a title search, a grid of cards
 * and pages of CATALOGUE_PAGE_SIZE. Page, subject and search live in the URL query. `after` is
 * rendered below the grid once the cards have loaded (or failed), so its code and data never
 * hold the cards up.
 */
export function CourseCatalogue({ fixedSubject, heading = 'Browse courses', after }: { fixedSubject?: CourseSubject; heading?: string; after?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const asked = catalogueParams(params, fixedSubject);
  const { page, subject, search } = asked;
  const courses = useAllCourses(catalogueQueryOf(asked, useVisitorCurrency()));
  // Until they answer (or if they fail), cards offer Add to cart, which the server refuses for an owned course.
  const owned = useOwnedCourseIds(isSignedInLearner()).data;
  const subscribed = useActiveCourseSubscriptions(isSignedInLearner()).data;
  const accessTo = (course: { _id: string; subject: CourseSubject }): CourseAccess =>
    owned?.has(course._id) ? 'owned' : subscribed?.some((s) => s.subject === course.subject) ? 'subscription' : null;
  const headingId = useId();

  // The query last asked for, which the next change starts from: two changes in one task (a choice
  // handed over as the page comes alive, then its search) both count, where the rendered query
  // would still lack the first.
  const lastQuery = useRef(params);
  useEffect(() => {
    lastQuery.current = params;
  }, [params]);

  /** New filters start again at page 1; an empty value leaves the query. */
  const update = (changes: { subject?: string; search?: string; page?: number }) => {
    const next = new URLSearchParams(lastQuery.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    if (changes.page === undefined) next.delete('page');
    lastQuery.current = next;
    setParams(next);
  };

  // The page in the address, set as the other paged lists set theirs (a page past the end is moved with it).
  const [, setPage] = usePageParam('page');

  const searchForm = useRef<HTMLFormElement>(null);
  const typedSearch = () => (searchForm.current ? String(new FormData(searchForm.current).get('search') ?? '').trim() : search);
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ search: typedSearch() });
  };

  const { startRef: headingRef, turn: goToPage } = usePageTurn((next) => update({ page: next }));

  // Once the first answer is in, `after` stays (a retry or a new page does not take it away).
  const [settled, setSettled] = useState(false);
  if (!settled && (courses.data !== undefined || courses.isError)) setSettled(true);

  const filtered = Boolean(search) || (!fixedSubject && subject !== undefined);
  const pageCount = courses.data ? Math.max(1, Math.ceil(courses.data.total / CATALOGUE_PAGE_SIZE)) : 1;
  // A page past the end (an old link, a typed number) moves to the last page; until then it loads.
  const pastTheEnd = useLastPageWhenPast(page, courses.data && !courses.isPlaceholderData ? pageCount : undefined, setPage);
  const data = pastTheEnd ? undefined : courses.data;

  return (
    <>
      <section aria-labelledby={headingId} className="space-y-5">
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            {heading}
          </h2>
          {/* A GET form with the URL's own names, so the filter also works before the page's code has arrived. */}
          <form ref={searchForm} role="search" onSubmit={submitSearch} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            {/* A subject chosen sends the form as it stands: the search field then says what the results match. */}
            {fixedSubject ? null : <SubjectFilter value={subject} onChange={(value) => update({ subject: value, search: typedSearch() })} />}
            <SearchField initial={search} />
          </form>
        </div>

        <p aria-live="polite" className="text-sm text-base-content/70">
          {data && !courses.isError ? resultText(data.total, page, pageCount, search) : null}
        </p>

        {courses.isPending || pastTheEnd ? <CatalogueSkeleton /> : null}
        {courses.isError ? <RetryAlert message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} retrying={courses.isFetching} /> : null}
        {data && !courses.isError && data.items.length === 0 ? (
          <EmptyState level={3} title={filtered ? 'No courses match your search' : 'No courses here yet'} icon="search" action={
              filtered ? (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => {
                    setParams(new URLSearchParams());
                    // This button goes with the empty state: the focus goes to the heading of the list that replaces it.
                    headingRef.current?.focus();
                  }}
                >
                  Show all courses
                </button>
              ) : undefined
            }>
            {filtered ? noMatchText(search, fixedSubject ? undefined : subject, !fixedSubject) : 'New courses are being reviewed. Check back soon.'}
          </EmptyState>
        ) : null}
        {data && !courses.isError && data.items.length > 0 ? (
          <ul className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 ${courses.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={courses.isPlaceholderData}>
            {data.items.map((course, index) => (
              <li key={course._id}>
                <CourseCard course={course} priority={index === 0} access={accessTo(course)} />
              </li>
            ))}
          </ul>
        ) : null}
        {data && !courses.isError ? <Pager page={page} total={data.total} pageSize={CATALOGUE_PAGE_SIZE} onPage={goToPage} /> : null}
      </section>
      {settled ? after : null}
    </>
  );
}

function resultText(total: number, page: number, pageCount: number, search: string): string {
  const count = `${total} ${total === 1 ? 'course' : 'courses'}`;
  const matching = search ? ` matching "${search}"` : '';
  return pageCount > 1 ? `${count}${matching}, page ${page} of ${pageCount}` : `${count}${matching}`;
}

/** Said when nothing matches; another subject is offered only where the page has the subject filter. */
function noMatchText(search: string, subject: CourseSubject | undefined, subjectFilter: boolean): string {
  const where = subject ? ` in ${subjectLabels[subject]}` : '';
  return search ? `No courses match "${search}"${where}. Try another word${subjectFilter ? ' or subject' : ''}.` : `No courses match${where} yet. Try another subject.`;
}

function SubjectFilter({ value, onChange }: { value: CourseSubject | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Subject
      </label>
      <select id={id} name="subject" className="select select-bordered w-full sm:w-44" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">All subjects</option>
        {courseSubjects.map((subject) => (
          <option key={subject} value={subject}>
            {subjectLabels[subject]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The title search, uncontrolled: the form reads it when it is sent. */
function SearchField({ initial }: { initial: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The address can change the search (Back, Show all courses): the field follows it in place, as
  // made afresh it would drop the focus a search leaves in it.
  useEffect(() => {
    if (input.current && input.current.value.trim() !== initial) input.current.value = initial;
  }, [initial]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Search courses
      </label>
      <div className="join w-full sm:w-72">
        <input ref={input} id={id} name="search" type="search" maxLength={CATALOGUE_SEARCH_MAX} placeholder="Course title" className="input input-bordered join-item w-full" defaultValue={initial} />
        <button type="submit" className="btn btn-primary join-item">
          <Icon name="search" className="size-4" />
          Search
        </button>
      </div>
    </div>
  );
}

function CatalogueSkeleton() {
  return (
    <div role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading courses</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="card overflow-hidden border border-base-300 bg-base-100" aria-hidden="true">
          <div className="skeleton aspect-video w-full rounded-none" />
          <div className="space-y-2 p-4">
            <div className="skeleton h-4 w-3/4" />
            <div className="skeleton h-3 w-1/2" />
            <div className="skeleton h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
