import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './http';

/** Puts a server answer's `fields` onto the form's fields; answers whether any matched. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let matched = false;
  for (const [field, text] of Object.entries(error.fields)) {
    if ((names as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: text });
      matched = true;
    }
  }
  return matched;
}
