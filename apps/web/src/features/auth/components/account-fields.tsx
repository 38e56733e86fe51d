import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { CountryTimeZoneFields } from '../../../shared/ui/country-time-zone-fields';
import { FormField } from '../../../shared/ui/form-field';

type AccountField = 'name' | 'email' | 'password' | 'country' | 'timezone';

/** Name, e-mail, password, country and timezone: the fields every new account starts with, in that order. */
export function AccountFields({
  fields,
  errors,
  initial,
}: {
  fields: Record<AccountField, UseFormRegisterReturn>;
  errors: Partial<Record<AccountField, FieldError>>;
  initial: { timezone: string; country: string };
}) {
  return (
    <>
      <FormField label="Full name" error={errors.name?.message}>
        <input autoComplete="name" className="input w-full" {...fields.name} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" className="input w-full" {...fields.email} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters">
        <input type="password" autoComplete="new-password" className="input w-full" {...fields.password} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CountryTimeZoneFields
          initial={initial}
          country={fields.country}
          timezone={fields.timezone}
          errors={{ country: errors.country?.message, timezone: errors.timezone?.message }}
        />
      </div>
    </>
  );
}
