/**
 * What a visitor does to a server-rendered page before React has taken it over, handed to React
 * once it has.
 *
 * The page's markup is on screen (and its fields usable) while its code is still arriving and while
 * React hydrates it, page chunk included. React keeps neither kind of early input: hydrating a
 * `<select>` puts back the option the server rendered, and a typed field keeps its text on screen
 * while the component's state stays empty, so the next submit sends nothing; and a press of one of
 * the page's buttons does nothing at all. So, until the page has hydrated, this notes every
 * changed field (those changed before the code arrived, by comparing each with the server's value,
 * and those changed since main.tsx ran, by listening), and early-actions.js holds back the last
 * submit or button press from the page's first byte on; then this sets each field again the way
 * typing would, so React's handlers see the change, and submits the held form or presses the held
 * button again (the button's own browser action, if it has one, waits for that press).
 */

import './early-actions.js';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** The visitor's last submit or press of a button: made again once the page is React's. */
type Action = { kind: 'submit'; event: SubmitEvent } | { kind: 'press'; button: HTMLButtonElement };
/** What early-actions.js holds: the last action, until `stop`. */
type EarlyActions = { readonly action: Action | null; searchesToo: boolean; stop(): void };
type Held = { values: Map<Control, string | boolean>; actions: EarlyActions; stop: () => void };

declare global {
  interface Window {
    parleyEarlyActions?: EarlyActions;
    parleyHoldEarlyActions: () => EarlyActions;
  }
}

let held: Held | null = null;
let handingOver = Promise.resolve();

/** Starts noting the fields of `root`: main.tsx calls it as soon as it runs, and again just before hydrating. */
export function holdEarlyInput(root: HTMLElement): void {
  if (held) return;
  const values: Held['values'] = new Map();
  for (const control of root.querySelectorAll<Control>('input, select, textarea')) {
    if (changedFromServer(control)) values.set(control, valueOf(control));
  }
  // A choice fires input, then change. An input event in a part of the page React is still
  // hydrating makes React hydrate it there and then, which puts the server's value back before the
  // change event arrives: so the input event's value stands, and a change event only speaks for a
  // field no input event has (some fields and tools send only change).
  const spokenByInput = new WeakSet<Control>();
  const noteChange = (event: Event) => {
    const control = event.target;
    if (!isControl(control) || !root.contains(control)) return;
    if (event.type === 'input') spokenByInput.add(control);
    else if (spokenByInput.has(control)) return;
    values.set(control, valueOf(control));
  };
  window.addEventListener('input', noteChange, true);
  window.addEventListener('change', noteChange, true);
  // Presses and submits: held by early-actions.js since the page's first byte (index.html runs it),
  // and now a search too, which the app will run without loading the page again.
  const actions = window.parleyEarlyActions ?? window.parleyHoldEarlyActions();
  actions.searchesToo = true;
  const stop = () => {
    window.removeEventListener('input', noteChange, true);
    window.removeEventListener('change', noteChange, true);
    actions.stop();
  };
  held = { values, actions, stop };
}

/**
 * Once the page has hydrated (page-hydration.tsx): hands what was noted to React. Waits a task, so
 * an event React is dispatching as it hydrates finishes first; resolves once it is handed over.
 */
export function releaseEarlyInput(): Promise<void> {
  if (!held) return handingOver; // (a second call, as StrictMode's, waits for the same)
  const hold = held;
  held = null;
  handingOver = new Promise((resolve) =>
    setTimeout(() => {
      handOver(hold);
      resolve();
    }),
  );
  return handingOver;
}

/**
 * When the page is rendered afresh instead (someone is signed in), or arrived empty (main.tsx):
 * its fields are gone, with what was typed in them, and presses go straight to React.
 */
export function dropEarlyInput(): void {
  held?.stop();
  held = null;
  window.parleyEarlyActions?.stop();
}

function handOver({ values, actions, stop }: Held): void {
  const { action } = actions;
  stop();
  for (const [control, value] of values) if (control.isConnected) setAsUser(control, value);
  if (action?.kind === 'press') {
    if (action.button.isConnected && !action.button.disabled) action.button.click();
    return;
  }
  const form = action?.event.target;
  if (!(form instanceof HTMLFormElement) || !form.isConnected) return;
  const submitter = action?.event.submitter;
  const sameButton = (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === form;
  form.requestSubmit(sameButton ? submitter : undefined);
}

const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

const isCheckable = (control: Control): control is HTMLInputElement => control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

function valueOf(control: Control): string | boolean {
  return isCheckable(control) ? control.checked : control.value;
}

function changedFromServer(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return !control.multiple && [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (isCheckable(control)) return control.checked !== control.defaultChecked;
  return control.type !== 'file' && control.value !== control.defaultValue;
}

/**
 * Sets a field the way a user's change does, so the component's onChange runs. React notes each
 * field's last value through the element's own `value` (or `checked`) property and ignores an event
 * that brings nothing new; setting a different value through that property first, then the wanted one
 * through the prototype's setter, makes the event bring a change.
 */
function setAsUser(control: Control, value: string | boolean): void {
  if (isCheckable(control)) {
    if (control.type === 'radio' && value === false) return; // a radio is chosen by choosing another
    control.checked = !value;
    control.click(); // React listens for clicks on checkable fields
    return;
  }
  if (control instanceof HTMLSelectElement) {
    // React keeps no last value for a select: every change event reaches onChange.
    control.value = String(value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set;
  control.value = value === '' ? ' ' : '';
  setValue?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}
