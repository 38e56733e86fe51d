import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorPage } from './route-error-page';

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; resetKey: string };
const NO_ERROR = Symbol('no error');

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: NO_ERROR, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // Navigating elsewhere clears the error, so the next page gets its chance to render.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: NO_ERROR, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error === NO_ERROR ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/**
 * Catches what the pages below it throw while rendering, a page chunk that fails to load included,
 * and shows the recovery page in their place instead of a white screen. Without children it
 * guards the matched child route (a route element for a group of pages).
 */
export function RouteErrorBoundary({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children ?? <Outlet />}</Boundary>;
}
