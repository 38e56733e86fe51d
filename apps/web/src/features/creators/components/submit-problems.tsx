import type { MouseEvent, Ref } from 'react';

/**
 * A problem to list; `path` names the field error it repeats, which goes from the list once that
 * field is changed. `checked`: the editor finds it in the course too (domain draftProblems), and it
 * goes from the list once the course no longer has it (a problem no one field holds: no lesson yet).
 */
export type Problem = { text: string; targetId: string | null; path?: string; checked?: boolean };

/** Moves focus to the field a problem or error is about, without touching the URL or the router. */
export function focusField(event: MouseEvent<HTMLAnchorElement>, targetId: string) {
  const target = document.getElementById(targetId);
  if (!target) return;
  event.preventDefault();
  // Focusing scrolls the field into view.
  target.focus();
}

type FieldProblemsProps = { title: string; problems: Problem[]; tone: 'error' | 'warning'; ref?: Ref<HTMLDivElement> };

/**
 * What keeps the course from being saved or submitted, as an alert: each item links to the
 * field it is about when there is one. It takes focus when it appears, so the list is read first.
 */
export function FieldProblems({ title, problems, tone, ref }: FieldProblemsProps) {
  return (
    <div ref={ref} role="alert" tabIndex={-1} aria-labelledby="course-problems-title" className={`alert ${tone === 'error' ? 'alert-error' : 'alert-warning'} alert-soft block text-base-content`}>
      <h2 id="course-problems-title" className="font-semibold">
        {title}
      </h2>
      <ul className="mt-2 list-inside list-disc space-y-1 text-sm">
        {problems.map((problem, i) => (
          <li key={i}>
            {problem.targetId ? (
              <a href={`#${problem.targetId}`} className="link" onClick={(event) => focusField(event, problem.targetId!)}>
                {problem.text}
              </a>
            ) : (
              problem.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
