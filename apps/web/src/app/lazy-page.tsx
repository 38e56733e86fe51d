import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: every page of an area comes from the same module, so the
 * area is one chunk fetched the first time any of its routes renders.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>) {
  return <K extends keyof M>(name: K) =>
    lazy(async () => {
      const module = await load();
      return { default: module[name] as ComponentType };
    });
}
