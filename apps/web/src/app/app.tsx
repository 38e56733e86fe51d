import { useRoutes } from 'react-router';
import { useDocumentTitle } from './document-title';
import { useHydrationEndsWithFirstPage } from './page-hydration';
import { routes } from './router';

/** Every route of the app, under whichever router the browser (start.tsx) or the server's renderer gives it. */
export function App() {
  useDocumentTitle(routes);
  useHydrationEndsWithFirstPage();
  return useRoutes(routes);
}
