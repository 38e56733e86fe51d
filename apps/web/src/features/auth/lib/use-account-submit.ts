import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyFieldErrors } from '../../../shared/lib/apply-field-errors';
import { notify } from '../../../shared/lib/toast';
import type { AuthResponse } from '../api/auth-response';
import { useFinishSignIn } from './finish-sign-in';

type AccountSubmitOptions<Form extends FieldValues> = {
  setError: UseFormSetError<Form>;
  /** The form's fields, so the server's refusal of one is shown on it. */
  fieldNames: readonly Path<Form>[];
  /** Said once the account is open (the sign-up's own page says nothing more). */
  sentText?: string;
};

/**
 * The submit of a form that opens an account and signs it in (learner and peer sign-up, the
 * affiliate application): it sends the form, then stays busy (`leaving`) while the next page's code
 * arrives; a refusal marks the fields the server names and says why.
 */
export function useAccountSubmit<Form extends FieldValues, Values>(send: (values: Values) => Promise<AuthResponse>, { setError, fieldNames, sentText }: AccountSubmitOptions<Form>) {
  const finishSignIn = useFinishSignIn();
  const [leaving, setLeaving] = useState(false);
  const submit = async (values: Values) => {
    try {
      const answer = await send(values);
      setLeaving(true);
      if (sentText) notify.success(sentText);
      finishSignIn(answer);
    } catch (error) {
      if (!applyFieldErrors(error, setError, fieldNames)) notify.failure(error);
    }
  };
  return { submit, leaving };
}
