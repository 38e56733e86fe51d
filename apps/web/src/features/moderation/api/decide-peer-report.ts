import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { peerReportsQueryKey } from './get-peer-reports';

// POST /api/moderator/peer-reports/:id/{warn|suspend|dismiss} { reason }: the moderator's
// decision on a report; the reported peer reads the reason (a warning or a suspension notice).
export type PeerReportDecision = 'warn' | 'suspend' | 'dismiss';

export function decidePeerReport(reportId: string, decision: PeerReportDecision, reason: string): Promise<void> {
  return http.post(`/api/moderator/peer-reports/${encodeURIComponent(reportId)}/${decision}`, { reason }, { role: 'moderator', actAs: 'moderator', parse: () => undefined });
}

export function useDecidePeerReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, decision, reason }: { reportId: string; decision: PeerReportDecision; reason: string }) => decidePeerReport(reportId, decision, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peerReportsQueryKey }),
  });
}
