import type { UseFormRegisterReturn } from 'react-hook-form';
import { todayHere } from '../../../shared/lib/calendar-date';
import { FormField } from '../../../shared/ui/form-field';

/** An emptied date is no date (null), as Add kid and Edit send it. */
export const birthDateValue = (value: unknown) => (value ? value : null);

/** A kid's optional date of birth, up to today, in Add kid and Edit. Register it with `setValueAs: birthDateValue`. */
export function KidBirthDateField({ field, error }: { field: UseFormRegisterReturn<'dob'>; error: string | undefined }) {
  return (
    <FormField label="Date of birth (optional)" error={error}>
      <input type="date" max={todayHere()} className="input w-full" {...field} />
    </FormField>
  );
}
