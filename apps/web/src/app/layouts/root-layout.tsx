import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { recordAffiliateVisit } from '../../features/affiliate/api/record-visit';
import { rememberUtmParams } from '../../shared/lib/utm';
import { rememberVertical } from '../../shared/lib/vertical';
import { PageSkeleton } from '../../shared/ui/loader';
import { useFocusOnNavigate } from '../focus-on-navigate';
import { NavigationPending } from '../navigation-pending';
import { installSessionExpiry } from '../session-expiry';

/**
 * Every route: keeps VERTICAL and UTM_PARAMS current, records a visit through an affiliate's
 * link or code (the server keeps the first touch for the sign-up), sends a 401 to the role's
 * login page, scrolls to the top and moves focus to the new page's heading on navigation, and
 * shows a skeleton while a chunk loads (a bar while the next page's chunk loads).
 */
export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => installSessionExpiry(navigate, queryClient), [navigate, queryClient]);
  useEffect(() => {
    rememberVertical(pathname);
    rememberUtmParams(search);
    recordAffiliateVisit(pathname, search);
  }, [pathname, search]);
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  useFocusOnNavigate();

  return (
    <>
      <NavigationPending />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
}
