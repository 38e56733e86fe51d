/** Loads the page again from the server, so a stale bundle is replaced (the browser's own `location` cannot be stood in for in tests; this can). */
export function reloadPage(): void {
  window.location.reload();
}
