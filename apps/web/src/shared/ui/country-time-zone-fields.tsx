import { useMemo, useRef, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { timeZoneForCountry } from '@parley/domain/geo';
import { browserTimezoneRecord, countryOptions, timeZoneLabel, timeZoneOptions } from '../lib/countries';
import { FormField } from './form-field';

/**
 * The zone a new country brings: its main zone, unless the one chosen is already that country's (a
 * learner in Mumbai picking India keeps Asia/Kolkata); null when nothing moves, or when the select
 * cannot offer that zone (it is then left to the person).
 */
function zoneFollowing(country: string, current: string): string | null {
  const next = timeZoneForCountry(country, current);
  return next !== current && timeZoneOptions(current).includes(next) ? next : null;
}

/** Where a form about a saved account starts: its saved country and zone, else the browser's. */
export function useStartingPlace(saved: { country: string; timezone: string }): { country: string; timezone: string } {
  const browser = useMemo(browserTimezoneRecord, []);
  return { country: saved.country || browser.country, timezone: saved.timezone || browser.timezone };
}

type Props = {
  /** The values the form starts with: always offered, even if the browser does not list them. A country of '' asks for one. */
  initial: { country: string; timezone: string };
  /** The form's register('country') and register('timezone'), without an onChange of their own. */
  country: UseFormRegisterReturn;
  timezone: UseFormRegisterReturn;
  errors: { country?: string; timezone?: string };
};

/**
 * The Country and Timezone selects of the sign-up, profile and peer details forms (two grid cells).
 * A new country brings its timezone when the one shown is not that country's (India with UTC →
 * Asia/Kolkata), so session times are not silently shown in another zone: the Timezone select is
 * set, and the form told, as if the person had chosen it.
 */
export function CountryTimeZoneFields({ initial, country, timezone, errors }: Props) {
  const countries = useMemo(() => countryOptions(initial.country), [initial.country]);
  const zoneSelect = useRef<HTMLSelectElement | null>(null);
  const chooseCountry = async (event: ChangeEvent<HTMLSelectElement>) => {
    await country.onChange(event);
    const select = zoneSelect.current;
    const next = select && zoneFollowing(event.target.value, select.value);
    if (!select || !next) return;
    select.value = next;
    await timezone.onChange({ target: select, type: 'change' });
  };
  // Once each: the form's zone and UTC are both added when Intl does not list them, so a form in UTC had it twice.
  const zones = useMemo(() => timeZoneOptions(initial.timezone), [initial.timezone]);
  return (
    <>
      <FormField label="Country" error={errors.country}>
        <select className="select w-full" {...country} onChange={chooseCountry}>
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
        <select
          className="select w-full"
          {...timezone}
          ref={(select) => {
            zoneSelect.current = select;
            timezone.ref(select);
          }}
        >
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
