import { useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { timeZoneForCountry } from '@parley/domain/geo';
import { countryOptions, timeZoneLabel, timeZoneOptions } from '../lib/countries';
import { FormField } from './form-field';

/**
 * The Country select's onChange: the Timezone follows to the new country's main zone, unless the
 * one chosen is already that country's (a learner in Mumbai picking India keeps Asia/Kolkata).
 */
export function timeZoneFollowsCountry(zone: { get: () => string; set: (zone: string) => void }) {
  return (event: { target: { value: string } }) => {
    const current = zone.get();
    const next = timeZoneForCountry(event.target.value, current);
    if (next !== current && timeZoneOptions(current).includes(next)) zone.set(next);
  };
}

type Props = {
  /** The values the form starts with: always offered, even if the browser does not list them. A country of '' asks for one. */
  initial: { country: string; timezone: string };
  /** The form's register('country') and register('timezone'). */
  country: UseFormRegisterReturn;
  timezone: UseFormRegisterReturn;
  errors: { country?: string; timezone?: string };
};

/** The Country and Timezone selects of the sign-up and profile forms (two grid cells). */
export function CountryTimeZoneFields({ initial, country, timezone, errors }: Props) {
  const countries = useMemo(() => countryOptions(initial.country), [initial.country]);
  // Once each: the form's zone and UTC are both added when Intl does not list them, so a form in UTC had it twice.
  const zones = useMemo(() => timeZoneOptions(initial.timezone), [initial.timezone]);
  return (
    <>
      <FormField label="Country" error={errors.country}>
        <select className="select w-full" {...country}>
          {initial.country === '' ? (
            <option value="" disabled>
              Choose your country
            </option>
          ) : null}
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Timezone" error={errors.timezone}>
        <select className="select w-full" {...timezone}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}
