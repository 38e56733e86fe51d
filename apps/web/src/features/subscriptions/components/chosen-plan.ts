import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { focusInPlace } from '../../../shared/lib/use-focus-hand-off';

/** The plan a visitor pressed Buy on before logging in (`?plan=<id>` on the way back), or null. */
export function useChosenPlanId(): string | null {
  return useSearchParams()[0].get('plan');
}

/** Once the chosen plan's card is on the page (`planId`, null until then), brings it into view and focuses its name. */
export function useFocusChosenPlan(planId: string | null): void {
  useEffect(() => {
    if (planId === null) return;
    const heading = document.getElementById(`plan-${planId}`);
    focusInPlace(heading);
    heading?.scrollIntoView?.({ block: 'center' });
  }, [planId]);
}
