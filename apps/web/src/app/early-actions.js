// A press of one of the page's buttons, or a form's submit, made before the app's code has run:
// held (the server's markup alone would do nothing with it) for early-input.ts to make again once
// React owns the page. index.html runs this first, inlined by vite.config.ts, so nothing is lost
// while the code is on its way; the server allows it by its hash. Plain script, no module syntax.
(function () {
  if (typeof window === 'undefined') return; // the server's render
  function holdEarlyActions() {
    var held = { action: null, searchesToo: false, stop: stop };
    // Before the app runs, a search goes as a page load (its query is the page's own); any other
    // form would put its fields in the address and lose them, so it waits for the app.
    function onSubmit(event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.closest('#root')) return;
      if (form.getAttribute('role') === 'search' && !held.searchesToo) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.action = { kind: 'submit', event: event };
    }
    // Only the page's own buttons (in <main>, which hydrates with the page): the header hydrates
    // before it and answers its own. A form's submit button goes on to the submit held above.
    function onClick(event) {
      var button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || (button.form && button.type !== 'button') || !button.closest('#root main')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.action = { kind: 'press', button: button };
    }
    function stop() {
      window.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('click', onClick, true);
      if (window.parleyEarlyActions === held) window.parleyEarlyActions = undefined;
    }
    window.addEventListener('submit', onSubmit, true);
    window.addEventListener('click', onClick, true);
    window.parleyEarlyActions = held;
    return held;
  }
  window.parleyHoldEarlyActions = holdEarlyActions;
  if (!window.parleyEarlyActions && document.readyState === 'loading') holdEarlyActions();
})();
