/**
 * Back closes the top dialog or drawer, as it does a phone's own sheets, instead of leaving the
 * page behind it: each open dialog has a history entry of its own, at the same address, marked with
 * how many dialogs are open there. Closing a dialog any other way takes its entry back off.
 *
 * The router's own fields of the entry (its key and index) are kept, so to the router the entry
 * is the page's own entry. A link followed from inside a dialog leaves that dialog's entry behind
 * the new page; coming back to it later, it is passed over in the direction travelled.
 */
const MARK = 'parleyDialogs';

type Entry = { [MARK]?: number; idx?: number } | null;
const current = (): Entry => window.history.state as Entry;
const depthOf = (entry: Entry) => entry?.[MARK] ?? 0;

/** How to close each open dialog, innermost last. */
const closers: (() => void)[] = [];
/** Where the last move through the history arrived: to tell Back from Forward onto a left-behind entry. */
let last = { idx: undefined as number | undefined, depth: 0 };

function onPopState() {
  const arrived = current();
  const depth = depthOf(arrived);
  const from = last;
  last = { idx: arrived?.idx, depth };
  // Back from a dialog's entry: the dialogs above the entry now current close.
  while (closers.length > depth) closers.pop()!();
  if (depth <= closers.length) return;
  // An entry of a dialog no longer open. Forward onto it came from its own page's entry.
  const forward = from.idx === arrived?.idx && from.depth < depth;
  if (forward) window.history.forward();
  else window.history.back();
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  // A reload keeps the entry of a dialog the reload closed: it becomes the page's entry again.
  if (depthOf(current()) > 0) {
    const page = { ...current() };
    delete page[MARK];
    window.history.replaceState(page, '');
  }
  window.addEventListener('popstate', onPopState);
}

/** Gives an opening dialog its history entry; the function returned is called when it closes. */
export function enterDialogHistory(close: () => void): () => void {
  install();
  closers.push(close);
  const depth = closers.length;
  const entry = { ...current(), [MARK]: depth };
  window.history.pushState(entry, '');
  last = { idx: entry.idx, depth };
  return () => {
    const at = closers.indexOf(close);
    // Closed by Back, its closer is gone already; else it and any dialog opened above it go.
    if (at === -1) return;
    closers.splice(at);
    if (depthOf(current()) === depth) window.history.back();
  };
}
