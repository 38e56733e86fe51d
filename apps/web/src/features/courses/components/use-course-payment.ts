import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CoursePurchaseResponse } from '@parley/domain/courses';
import type { OrderPurpose } from '@parley/domain/payments';
import { useCheckout } from '../../../shared/lib/checkout';
import { isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';

export type PayMethod = 'wallet' | 'checkout';

/**
 * How a purchase ended: paid (the message to show), or stopped (the user was told why, or closed the
 * checkout); a refusal naming fields (`fields`, the server's) lets the form mark them.
 */
export type PaymentResult = { status: 'paid'; message: string } | { status: 'stopped'; fields?: Record<string, string> };

/**
 * Runs a course purchase call and finishes it: a wallet Success is owned at once (toast, and every
 * course query and the wallet are fetched again); a checkout answer opens the same checkout plans
 * use, with the order the call created (verify, failure and cancel handled there).
 */
export function useCoursePayment() {
  const queryClient = useQueryClient();
  const { payOrder, isPending: checkingOut } = useCheckout();
  const [calling, setCalling] = useState(false);

  const run = useCallback(
    async (
      buy: () => Promise<CoursePurchaseResponse>,
      checkout: { purpose: OrderPurpose; description: string },
      /** The fields the form shows a refusal at: a refusal naming one of them is said there, not in a toast as well. */
      formFields: readonly string[] = [],
    ): Promise<PaymentResult> => {
      setCalling(true);
      let response: CoursePurchaseResponse;
      try {
        response = await buy();
      } catch (error) {
        const atField = isApiError(error) && formFields.some((name) => error.fields?.[name] !== undefined);
        if (!atField) notify.failure(error);
        // A refusal for what the page showed (too little in the wallet, the course owned, the cart or the
        // course subscription changed in another tab): the wallet and the courses are fetched again, so
        // the page shows them as they are now and the wallet option explains itself.
        if (isApiError(error) && error.status === 409) void Promise.all([queryClient.invalidateQueries({ queryKey: ['wallet'] }), queryClient.invalidateQueries({ queryKey: ['courses'] })]);
        return { status: 'stopped', fields: isApiError(error) ? error.fields : undefined };
      } finally {
        setCalling(false);
      }
      if (response.status === 'Success') {
        notify.success(response.message);
        // Cart, course pages, My Courses and subscriptions all sit under ['courses'].
        await Promise.all([queryClient.invalidateQueries({ queryKey: ['courses'] }), queryClient.invalidateQueries({ queryKey: ['wallet'] })]);
        return { status: 'paid', message: response.message };
      }
      const outcome = await payOrder(response.order, checkout);
      // A payment whose confirmation was lost may have been applied all the same, and one refused (the
      // cart paid meanwhile from another tab) means the page is out of date: show the courses and wallet as they are.
      if (outcome.status === 'failed') void Promise.all([queryClient.invalidateQueries({ queryKey: ['courses'] }), queryClient.invalidateQueries({ queryKey: ['wallet'] })]);
      if (outcome.status !== 'paid') return { status: 'stopped' };
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
      return { status: 'paid', message: outcome.message };
    },
    [payOrder, queryClient],
  );

  return { run, busy: calling || checkingOut };
}
