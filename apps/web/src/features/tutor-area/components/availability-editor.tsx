import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { AVAILABILITY_MINUTE_STEP, PAST_DAY_OFF } from '@parley/domain/booking';
import { weekdayOfIsoDate } from '@parley/domain/zoned-time';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { notify } from '../../../shared/lib/toast';
import { useLeaveGuard } from '../../../shared/lib/use-leave-guard';
import { useReloadAvailability, type Availability } from '../api/get-availability';
import { useSaveAvailability } from '../api/save-availability';
import {
  addRange,
  changedWeekdays,
  draftFrom,
  draftProblems,
  serverProblems,
  toPayload,
  weekdayNames,
  weekOrder,
  type AvailabilityDraft,
  type DraftProblem,
} from '../lib/availability-draft';

/** The weekly editor: time ranges per weekday and days off, all in the tutor's timezone. */
export function AvailabilityEditor({ saved, today }: { saved: Availability; today: string }) {
  const [draft, setDraft] = useState<AvailabilityDraft>(() => draftFrom(saved));
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const save = useSaveAvailability();
  // Unsaved: the week or the days off differ from what the server last answered.
  const [savedPayload, setSavedPayload] = useState(() => JSON.stringify(toPayload(draftFrom(saved))));
  const dirty = JSON.stringify(toPayload(draft)) !== savedPayload;
  useLeaveGuard(dirty);
  // The saved week the draft was made from: a save names it, and the server refuses it once another tab has saved over it.
  const [basedOn, setBasedOn] = useState(saved.version);
  const [changedElsewhere, setChangedElsewhere] = useState<string | null>(null);
  const reload = useReloadAvailability();
  const [reloading, setReloading] = useState(false);
  const loadSaved = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      const draftNow = draftFrom(fresh);
      setDraft(draftNow);
      setSavedPayload(JSON.stringify(toPayload(draftNow)));
      setBasedOn(fresh.version);
      setProblems([]);
      setChangedElsewhere(null);
    } catch (error) {
      notify.failure(error);
    } finally {
      setReloading(false);
    }
  };

  const update = (next: AvailabilityDraft) => {
    setDraft(next);
    if (problems.length > 0) setProblems([]);
  };
  const setRange = (key: string, patch: { start?: string; end?: string }) =>
    update({ ...draft, ranges: draft.ranges.map((r) => (r.key === key ? { ...r, ...patch } : r)) });

  // Weekdays whose hours changed, with the booked days on them the new hours do not move.
  const changed = changedWeekdays(draft, saved);
  const bookedOn = (weekday: number) => (changed.has(weekday) ? saved.bookedDays.filter((b) => weekdayOfIsoDate(b.day) === weekday && !draft.daysOff.includes(b.day)) : []);
  // Each faulty range with its (first) problem: its inputs are marked invalid and described by it.
  const faulty = new Map<string, string>();
  for (const p of problems) if (p.rangeKey && !faulty.has(p.rangeKey)) faulty.set(p.rangeKey, p.message);
  // Save sits below a long week: the list of problems takes focus, so it is seen and read out.
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) summary.current?.focus();
  }, [problems]);

  const onSave = () => {
    if (save.isPending) return;
    const found = draftProblems(draft);
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(
      { ...toPayload(draft), version: basedOn },
      {
        onSuccess: (next) => {
          const fresh = draftFrom(next);
          setDraft(fresh);
          setSavedPayload(JSON.stringify(toPayload(fresh)));
          setBasedOn(next.version);
          setChangedElsewhere(null);
          notify.success('Availability saved');
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'HOURS_CHANGED') setChangedElsewhere(errorMessage(error));
          else if (isApiError(error) && error.status === 400) setProblems(serverProblems(error.fields, error.message, draft));
          else notify.failure(error);
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      {changedElsewhere ? (
        <ChangedElsewhere message={changedElsewhere} reloading={reloading} onLoad={() => void loadSaved()} />
      ) : null}
      {problems.length > 0 ? (
        <div ref={summary} tabIndex={-1} role="alert" className="alert alert-error alert-soft scroll-mt-20 items-start">
          <div>
            <p className="font-semibold">Please fix {problems.length === 1 ? 'this' : 'these'} before saving:</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {problems.map((p, i) => (
                <li key={i}>{p.where ? `${p.where}: ${p.message}` : p.message}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      <section aria-labelledby="weekly-hours" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-0 p-0">
          <h2 id="weekly-hours" className="px-5 pt-5 text-base font-semibold">
            Weekly hours
          </h2>
          <p className="px-5 pt-1 text-sm text-base-content/70">Learners see these hours in their own timezone. An end of 12:00 AM means midnight.</p>
          <ul className="divide-y divide-base-300">
            {weekOrder.map((weekday) => (
              <WeekdayRow
                key={weekday}
                weekday={weekday}
                draft={draft}
                faulty={faulty}
                bookedAhead={bookedOn(weekday)}
                onChange={setRange}
                onAdd={() => update(addRange(draft, weekday))}
                onRemove={(key) => update({ ...draft, ranges: draft.ranges.filter((r) => r.key !== key) })}
              />
            ))}
          </ul>
        </div>
      </section>

      <DaysOff
        daysOff={draft.daysOff}
        today={today}
        // Warns as a day off is added over booked sessions, and no longer once it is removed from the draft.
        bookedOnDaysOff={saved.bookedDays.filter((b) => draft.daysOff.includes(b.day))}
        onAdd={(day) => update({ ...draft, daysOff: [...new Set([...draft.daysOff, day])].sort() })}
        onRemove={(day) => update({ ...draft, daysOff: draft.daysOff.filter((d) => d !== day) })}
      />

      {/* While unsaved, Save stays in view at the foot of the screen, saying so: hours and days off are stored only by it. */}
      <div
        data-sticky-footer={dirty || undefined}
        className={`flex flex-wrap items-center justify-end gap-3 ${dirty ? 'sticky bottom-0 z-10 -mx-2 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg' : ''}`}
      >
        {dirty ? (
          <p className="mr-auto text-sm font-medium" role="status">
            Unsaved changes to your hours or days off
          </p>
        ) : null}
        {/* aria-disabled, not disabled: a disabled button drops the focus it holds (WCAG 2.4.3). */}
        <button type="button" className="btn btn-primary" onClick={onSave} aria-disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save availability'}
        </button>
      </div>
    </div>
  );
}

/** Another tab saved over the hours this page read: said, with the way to load them (this page's edits go). */
function ChangedElsewhere({ message, reloading, onLoad }: { message: string; reloading: boolean; onLoad: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // Save sits below a long week: the notice takes the focus, so it is seen and read out.
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} role="alert" className="alert alert-warning alert-soft scroll-mt-20 flex flex-col items-start gap-2">
      <p>{message}</p>
      <button type="button" className="btn btn-sm btn-warning" aria-disabled={reloading || undefined} onClick={() => !reloading && onLoad()}>
        {reloading ? 'Loading…' : 'Load the saved hours'}
      </button>
    </div>
  );
}

type WeekdayRowProps = {
  weekday: number;
  draft: AvailabilityDraft;
  /** The ranges a problem names, by key, with its message: their inputs are marked invalid and described by it. */
  faulty: ReadonlyMap<string, string>;
  /** Days of this weekday with booked sessions, once its hours are changed: they stay booked, and the row says so. */
  bookedAhead: Availability['bookedDays'];
  onChange: (key: string, patch: { start?: string; end?: string }) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
};

function WeekdayRow({ weekday, draft, faulty, bookedAhead, onChange, onAdd, onRemove }: WeekdayRowProps) {
  const name = weekdayNames[weekday]!;
  const ranges = draft.ranges.filter((r) => r.weekday === weekday);
  // The pressed ✕ goes with its range, and focus would fall to <body> (WCAG 2.4.3): it moves to the
  // ✕ before it (after it, for the first), or to Add hours once the day has none left. The removal
  // is rendered first (flushSync), so the button found is the one on screen.
  const row = useRef<HTMLLIElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const errorIdBase = useId();
  const remove = (index: number) => {
    const neighbour = ranges[index - 1] ?? ranges[index + 1];
    flushSync(() => onRemove(ranges[index]!.key));
    const target = neighbour ? row.current?.querySelector<HTMLElement>(`[data-remove-range="${neighbour.key}"]`) : addButton.current;
    target?.focus();
  };
  // The new range's fields come before Add hours: focus goes to its start, not left behind them.
  const add = () => {
    flushSync(onAdd);
    row.current?.querySelector<HTMLInputElement>(`[aria-label="${name} range ${ranges.length + 1} start"]`)?.focus();
  };
  return (
    <li ref={row} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start" aria-label={name}>
      <h3 className="w-28 shrink-0 pt-2 font-medium">{name}</h3>
      <div className="flex-1 space-y-2">
        {ranges.length === 0 ? <p className="pt-2 text-sm text-base-content/60">Unavailable</p> : null}
        {ranges.map((range, i) => {
          const problem = faulty.get(range.key);
          const errorId = `${errorIdBase}-${i}`;
          const field = (edge: 'start' | 'end') => (
            <input
              type="time"
              step={AVAILABILITY_MINUTE_STEP * 60}
              className={`input input-sm w-30 sm:w-32 ${problem ? 'input-error' : ''}`}
              aria-label={`${name} range ${i + 1} ${edge}`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              value={range[edge]}
              onChange={(e) => onChange(range.key, { [edge]: e.target.value })}
            />
          );
          return (
            <div key={range.key} className="flex flex-wrap items-center gap-2">
              {field('start')}
              <span aria-hidden="true">–</span>
              {field('end')}
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-square text-error"
                aria-label={`Remove ${name} range ${i + 1}`}
                title="Remove"
                data-remove-range={range.key}
                onClick={() => remove(i)}
              >
                ✕
              </button>
              {problem ? (
                <p id={errorId} className="basis-full text-xs text-error">
                  {problem}
                </p>
              ) : null}
            </div>
          );
        })}
        {bookedAhead.length > 0 ? <BookedSessionsNote booked={bookedAhead} keeps={(them) => `New hours keep ${them} booked`} testId={`booked-on-${name}`} /> : null}
      </div>
      <button ref={addButton} type="button" className="btn btn-outline btn-sm self-start" onClick={add} aria-label={`Add hours on ${name}`}>
        + Add hours
      </button>
    </li>
  );
}

type DaysOffProps = {
  daysOff: string[];
  today: string;
  bookedOnDaysOff: Availability['bookedDays'];
  onAdd: (day: string) => void;
  onRemove: (day: string) => void;
};

function DaysOff({ daysOff, today, bookedOnDaysOff, onAdd, onRemove }: DaysOffProps) {
  const [day, setDay] = useState('');
  // Why the date cannot be added, worked out from the list as it is now (ISO dates compare as
  // strings); shown once Add day off was pressed, so a day taken off the list is no longer refused.
  const problem = !day ? null : day < today ? PAST_DAY_OFF : daysOff.includes(day) ? 'That day is already a day off.' : null;
  const [checked, setChecked] = useState(false);
  const dayError = checked ? problem : null;
  const errorId = useId();
  // As with ranges, focus never falls to <body>: Add day off is disabled once its date is taken, so
  // the date field gets focus back; a removed day's ✕ hands it to a neighbour's, or to the date field.
  const list = useRef<HTMLUListElement>(null);
  const dateField = useRef<HTMLInputElement>(null);
  const remove = (index: number) => {
    const neighbour = daysOff[index - 1] ?? daysOff[index + 1];
    flushSync(() => onRemove(daysOff[index]!));
    const target = neighbour ? list.current?.querySelector<HTMLElement>(`[data-remove-day="${neighbour}"]`) : dateField.current;
    target?.focus();
  };
  return (
    <section aria-labelledby="days-off" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <h2 id="days-off" className="text-base font-semibold">
          Days off
        </h2>
        <p className="text-sm text-base-content/70">Learners can’t book you on these dates, whatever your weekly hours say. Save availability to keep them.</p>
        {/* noValidate: the browser's own check of min would refuse a past date without a word on some browsers; the field says why instead. */}
        <form
          noValidate
          className="flex flex-wrap items-start gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!day) return;
            if (problem) {
              setChecked(true);
              dateField.current?.focus();
              return;
            }
            onAdd(day);
            setDay('');
            setChecked(false);
            dateField.current?.focus();
          }}
        >
          <div className="flex flex-col gap-1">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Day off
              <input
                ref={dateField}
                type="date"
                className={`input input-sm ${dayError ? 'input-error' : ''}`}
                min={today}
                value={day}
                aria-invalid={dayError ? true : undefined}
                aria-describedby={dayError ? errorId : undefined}
                onChange={(e) => {
                  setDay(e.target.value);
                  setChecked(false);
                }}
              />
            </label>
            {dayError ? (
              <p id={errorId} className="text-xs text-error">
                {dayError}
              </p>
            ) : null}
          </div>
          {/* Level with the field: below its label (text-sm line and gap-1). */}
          <button type="submit" className="btn btn-outline btn-sm mt-6" disabled={!day}>
            Add day off
          </button>
        </form>
        <div aria-live="polite">
          {bookedOnDaysOff.length > 0 ? <BookedSessionsNote booked={bookedOnDaysOff} keeps={(them) => `A day off keeps ${them} booked`} testId="booked-on-days-off" /> : null}
        </div>
        {daysOff.length === 0 ? (
          <p className="text-sm text-base-content/60">No days off planned.</p>
        ) : (
          <ul ref={list} aria-label="Planned days off" className="flex flex-wrap gap-2">
            {daysOff.map((d, i) => (
              <li key={d} className="badge badge-lg gap-1 border-base-300 bg-base-200">
                {formatCalendarDate(d)}
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-circle"
                  data-remove-day={d}
                  aria-label={`Remove day off ${formatCalendarDate(d)}`}
                  onClick={() => remove(i)}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Booked sessions a change to the week does not cancel: how many on which days, and where to cancel them. */
function BookedSessionsNote({ booked, keeps, testId }: { booked: Availability['bookedDays']; keeps: (them: 'it' | 'them') => string; testId: string }) {
  const them = booked.reduce((sum, b) => sum + b.sessions, 0) === 1 ? 'it' : 'them';
  return (
    <div role="note" data-testid={testId} className="alert alert-warning alert-soft items-start text-sm">
      <div className="space-y-1">
        <ul className="space-y-1">
          {booked.map((b) => (
            <li key={b.day}>
              You have {b.sessions} booked {b.sessions === 1 ? 'session' : 'sessions'} on {formatCalendarDate(b.day)}.
            </li>
          ))}
        </ul>
        <p>
          {keeps(them)}. If you will not teach, cancel {them} from{' '}
          <Link to="/teacher/sessions" className="link font-medium">
            Sessions
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
