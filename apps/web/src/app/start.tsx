import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hasAnySession } from '../shared/lib/session';
import { rememberPriceCurrency } from '../shared/lib/price-currency';
import { App } from './app';
import { dropEarlyInput } from './early-input';
import { beginHydration } from './page-hydration';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

/** Renders the app into `root` (main.tsx imports this module once the page has painted). */
export function startApp(root: HTMLElement): void {
  const queryClient = createQueryClient();
  rememberPriceCurrency();

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );

  // A public page arrives rendered by the server as a signed-out visitor sees it (entry-server.tsx):
  // React takes that markup over, as a transition, so the work is done in slices between which the
  // browser stays responsive (the page is already on screen); what the visitor types or chooses
  // meanwhile is handed to React once the page has hydrated (page-hydration.tsx). Someone signed in sees
  // other things there (their dashboard link, their prices), so their page renders afresh.
  if (root.hasChildNodes() && !hasAnySession()) {
    beginHydration(root);
    startTransition(() => void hydrateRoot(root, app));
  } else {
    dropEarlyInput();
    root.replaceChildren();
    createRoot(root).render(app);
  }
}
