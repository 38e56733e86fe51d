/**
 * What a visitor does to a server-rendered page before React has taken it over, handed to React
 * once it has.
 *
 * The page's markup is on screen (and its fields usable) while its code is still arriving and while
 * React hydrates it, page chunk included. React keeps neither kind of early input: hydrating a
 * `<select>` puts back the option the server rendered, and a typed field keeps its text on screen
 * while the component's state stays empty, so the next submit sends nothing; and a press of one of
 * the page's buttons does nothing at all. So, from the moment main.tsx runs until the page has
 * hydrated, this notes every changed field (those changed before the code arrived, by comparing each
 * with the server's value, and those changed since, by listening) and holds back the last submit or
 * button press; then it sets each field again the way typing would, so React's handlers see the
 * change, and submits the held form or presses the held button again.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** The visitor's last submit or press of a button: made again once the page is React's. */
type Action = { kind: 'submit'; event: SubmitEvent } | { kind: 'press'; button: HTMLButtonElement };
type Held = { values: Map<Control, string | boolean>; action: Action | null; stop: () => void };

let held: Held | null = null;

/** Starts noting the fields of `root`: main.tsx calls it as soon as it runs, and again just before hydrating. */
export function holdEarlyInput(root: HTMLElement): void {
  if (held) return;
  const hold: Held = { values: new Map(), action: null, stop: () => {} };
  for (const control of root.querySelectorAll<Control>('input, select, textarea')) {
    if (changedFromServer(control)) hold.values.set(control, valueOf(control));
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
    hold.values.set(control, valueOf(control));
  };
  // Capture on window runs before React's listeners on the root, so React never sees the early submit.
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold.action = { kind: 'submit', event };
  };
  // Only the page's own buttons (in <main>, which hydrates with the page): the header hydrates before
  // it and answers its own once the app's code has run. A form's submit button goes on to the submit
  // held above. The browser's own action, if a button has one, waits for the press made again.
  const holdPress = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || (button.form && button.type !== 'button') || !root.contains(button) || !button.closest('main')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold.action = { kind: 'press', button };
  };
  window.addEventListener('input', noteChange, true);
  window.addEventListener('change', noteChange, true);
  window.addEventListener('submit', holdSubmit, true);
  window.addEventListener('click', holdPress, true);
  hold.stop = () => {
    window.removeEventListener('input', noteChange, true);
    window.removeEventListener('change', noteChange, true);
    window.removeEventListener('submit', holdSubmit, true);
    window.removeEventListener('click', holdPress, true);
  };
  held = hold;
}

/**
 * Once the page has hydrated (page-hydration.tsx): hands what was noted to React. Waits a task, so
 * an event React is dispatching as it hydrates finishes first.
 */
export function releaseEarlyInput(): void {
  if (!held) return;
  const hold = held;
  held = null;
  setTimeout(() => handOver(hold));
}

/** When the page is rendered afresh instead (someone is signed in): its fields are gone, with what was typed in them. */
export function dropEarlyInput(): void {
  held?.stop();
  held = null;
}

function handOver({ values, action, stop }: Held): void {
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
