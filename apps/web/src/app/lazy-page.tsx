import { lazy, type ComponentType, type ReactElement } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
type PropsArg<C> = Record<string, never> extends PropsOf<C> ? [props?: PropsOf<C>] : [props: PropsOf<C>];

/**
 * A route's page, fetched the first time the route renders: `load` imports the page's module (its
 * own chunk), `name` picks the page export and `props` are the route's fixed props. Lets a route
 * name its page module in place, so the URL leads to the page in one step.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, ...props: PropsArg<M[K]>): ReactElement {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<Record<string, unknown>> }));
  return <Page {...(props[0] as Record<string, unknown> | undefined)} />;
}
