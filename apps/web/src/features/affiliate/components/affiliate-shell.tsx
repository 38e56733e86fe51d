import type { ReactNode } from 'react';
import { AreaShell } from '../../../shared/ui/area-shell';
import { getItem } from '../../../shared/lib/storage';
import { AffiliateBar } from './affiliate-bar';

const nav = [
  { to: '/affiliate/dashboard', label: 'Dashboard' },
  { to: '/affiliate/dashboardV2', label: 'Campaigns' },
  { to: '/affiliate/earnings', label: 'Earnings' },
  { to: '/affiliate/payouts', label: 'Bank Details' },
  { to: '/affiliate/account', label: 'Account' },
] as const;

/** The affiliate area frame; Logout clears INFLUENCER_TOKEN and INFLUENCER. */
export function AffiliateShell({ onLogout, loggingOut, actions }: { onLogout: () => void; loggingOut?: boolean; actions?: ReactNode }) {
  return <AreaShell areaLabel="Affiliate" homePath="/affiliate/dashboard" nav={nav} userName={getItem('INFLUENCER')?.name} onLogout={onLogout} loggingOut={loggingOut} banner={<AffiliateBar />} actions={actions} />;
}
