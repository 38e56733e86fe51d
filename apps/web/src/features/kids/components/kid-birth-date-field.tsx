import { addDays, format, subYears } from 'date-fns';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { KID_AGE_MAX_YEARS, KID_AGE_MIN_YEARS } from '@parley/domain/kids';
import { FormField } from '../../../shared/ui/form-field';

/** An emptied date is no date (null), as Add kid and Edit send it. */
export const birthDateValue = (value: unknown) => (value ? value : null);

/**
 * A kid's optional date of birth, in Add kid and Edit: the picker offers the days of a child aged
 * 2 to 17 (the domain's rule, which the form and the server check). Register it with `setValueAs: birthDateValue`.
 */
export function KidBirthDateField({ field, error }: { field: UseFormRegisterReturn<'dob'>; error: string | undefined }) {
  const today = new Date();
  return (
    <FormField label="Date of birth (optional)" error={error} hint={`For a child aged ${KID_AGE_MIN_YEARS} to ${KID_AGE_MAX_YEARS}.`}>
      <input
        type="date"
        min={format(addDays(subYears(today, KID_AGE_MAX_YEARS + 1), 1), 'yyyy-MM-dd')}
        max={format(subYears(today, KID_AGE_MIN_YEARS), 'yyyy-MM-dd')}
        className="input w-full"
        {...field}
      />
    </FormField>
  );
}
