import { dropEarlyInput, holdEarlyInput } from './app/early-input';
import './index.css';

// The entry is small on purpose: a public page arrives rendered by the server (entry-server.tsx),
// so the browser paints it first and only then fetches the app that takes it over (app/start.tsx)
// and the page's own chunks, which the server names on #root (`data-page-chunks`). Fetched
// earlier, those scripts would compete with the page's stylesheet and image on a slow network and
// run before its first paint on a slow phone. What the visitor does meanwhile is kept for React
// (early-input.ts). A page that arrives empty has nothing to paint: its app is fetched at once.

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

function start(into: HTMLElement): void {
  for (const href of into.dataset.pageChunks?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // React DOM is evaluated in a task of its own and the app in the next, not both in one long task.
  // Zod is told not to compile before any chunk of the app builds a schema (zod-config.ts).
  void Promise.all([import('react-dom/client'), import('./app/zod-config')])
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => import('./app/start'))
    .then(({ startApp }) => startApp(into));
}

// A hidden page paints no frame, so it does not wait for one.
if (root.hasChildNodes() && document.visibilityState === 'visible') {
  holdEarlyInput(root);
  requestAnimationFrame(() => setTimeout(() => start(root)));
} else {
  // An empty page has nothing pressed to keep (a rendered one in a hidden tab is held as it hydrates).
  if (!root.hasChildNodes()) dropEarlyInput();
  start(root);
}
