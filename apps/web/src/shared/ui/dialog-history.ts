/**
 * Back closes the top dialog or drawer, as it does a phone's own sheets, instead of leaving the
 * page behind it: each open dialog has a history entry of its own, at the same address, marked with
 * how many dialogs are open there. Closing a dialog any other way takes its entry back off.
 *
 * The router's own fields of the entry (its key and index) are kept, so to the router the entry
 * is the page's own entry. A link followed from inside a dialog takes the dialog's entry for the
 * new page, so Back from there returns to the page the dialog was opened on.
 */
const MARK = 'parleyDialogs';
/** How long a dialog Back asked to close may take to close before its entry is put back (it may refuse, e.g. while it saves). */
const REFUSED_CLOSE_MS = 100;

type Entry = { [MARK]?: number; idx?: number } | null;
const current = (): Entry => window.history.state as Entry;
const depthOf = (entry: Entry) => entry?.[MARK] ?? 0;

type OpenDialog = { close: () => void; closed: boolean };
/** The open dialogs that have an entry, innermost last. */
const stack: OpenDialog[] = [];
/** A closed dialog's entry about to be taken off: a dialog opening in the same task takes it over instead. */
let leaving: { depth: number } | null = null;
/** Where the last move through the history arrived: to tell Back from Forward onto a left-behind entry. */
let last = { idx: undefined as number | undefined, depth: 0 };
/** The browser's own pushState, for this module's entries (the router's pushes go through the wrapper below). */
let pushEntry: History['pushState'] = () => {};

function enter(dialog: OpenDialog) {
  stack.push(dialog);
  const depth = stack.length;
  if (leaving?.depth === depth && depthOf(current()) === depth) {
    leaving = null;
    return;
  }
  const entry = { ...current(), [MARK]: depth };
  pushEntry(entry, '');
  last = { idx: entry.idx, depth };
}

function onPopState() {
  const arrived = current();
  const depth = depthOf(arrived);
  const from = last;
  last = { idx: arrived?.idx, depth };
  // Back from a dialog's entry: the dialogs above the entry now current close. One that does not
  // close (busy) gets its entry back, so the next Back still closes it rather than leave the page.
  while (stack.length > depth) {
    const dialog = stack.pop()!;
    dialog.close();
    setTimeout(() => {
      if (!dialog.closed && !stack.includes(dialog)) enter(dialog);
    }, REFUSED_CLOSE_MS);
  }
  if (depth <= stack.length) return;
  // An entry of a dialog no longer open (a reload closed it): passed over in the direction travelled.
  const forward = from.idx === arrived?.idx && from.depth < depth;
  if (forward) window.history.forward();
  else window.history.back();
}

function install() {
  pushEntry = window.history.pushState.bind(window.history);
  // A page opened from inside a dialog takes the dialog's entry (the dialog closes as it goes).
  const push = window.history.pushState;
  window.history.pushState = function pushState(this: History, ...args: Parameters<History['pushState']>) {
    if (depthOf(current()) > 0 && depthOf(args[0] as Entry) === 0) window.history.replaceState(...args);
    else push.apply(this, args);
  };
  // A reload keeps the entry of a dialog the reload closed: it becomes the page's entry again.
  if (depthOf(current()) > 0) {
    const page = { ...current() };
    delete page[MARK];
    window.history.replaceState(page, '');
  }
  window.addEventListener('popstate', onPopState);
}

if (typeof window !== 'undefined') install();

/** Gives an opening dialog its history entry; the function returned is called when it closes. */
export function enterDialogHistory(close: () => void): () => void {
  const dialog: OpenDialog = { close, closed: false };
  enter(dialog);
  return () => {
    dialog.closed = true;
    const at = stack.indexOf(dialog);
    // Closed by Back, it is off the stack already.
    if (at === -1) return;
    stack.splice(at, 1);
    const depth = at + 1;
    if (depthOf(current()) !== depth) return;
    // Taken off after this task, unless a dialog opening meanwhile (React's development double
    // effects, or one dialog giving way to another) takes the entry over.
    leaving = { depth };
    queueMicrotask(() => {
      if (leaving?.depth !== depth) return;
      leaving = null;
      window.history.back();
    });
  };
}
