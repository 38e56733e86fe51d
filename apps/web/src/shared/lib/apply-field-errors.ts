import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './http';

/** Puts a server answer's `fields` onto the form's fields, focusing the first; answers whether any matched. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let matched = false;
  for (const [field, text] of Object.entries(error.fields)) {
    if ((names as readonly string[]).includes(field)) {
      // Focus goes to the first field in error, so it is never lost when the submit ends.
      setError(field as Path<T>, { type: 'server', message: text }, { shouldFocus: !matched });
      matched = true;
    }
  }
  return matched;
}
