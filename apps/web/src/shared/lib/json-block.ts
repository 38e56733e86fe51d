// The server inlines a page's first data in its HTML as `<script type="application/json" id=…>`
// (apps/server/src/http/web-app.ts), so the first render needs no request. A block is read once
// and removed: a later visit in this tab asks the server, whose data may have changed.

/** The parsed block `elementId`, taken out of the page; undefined when there is none, no DOM, or it is damaged. */
export function takeJsonBlock(elementId: string): unknown {
  const block = typeof document === 'undefined' ? null : document.getElementById(elementId);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as unknown;
  } catch {
    return undefined; // a damaged block: the page asks the server
  }
}
