import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { CountryTimeZoneFields } from './country-time-zone-fields';

function Fields({ timezone }: { timezone: string }) {
  const initial = { country: 'GB', timezone };
  const { register } = useForm({ defaultValues: initial });
  return <CountryTimeZoneFields initial={initial} country={register('country')} timezone={register('timezone')} errors={{}} />;
}

const zoneValues = () => within(screen.getByLabelText('Timezone')).getAllByRole<HTMLOptionElement>('option').map((option) => option.value);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CountryTimeZoneFields', () => {
  // Intl's list has no UTC (as in Chrome and Node), so the form adds it, and its own zone when missing.
  const intlZones = ['Asia/Kolkata', 'Europe/London'];

  it('offers UTC once when the form starts in UTC (no duplicate zone or key)', () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(intlZones);
    const consoleError = vi.spyOn(console, 'error');
    render(<Fields timezone="UTC" />);
    expect(zoneValues()).toEqual(['UTC', ...intlZones]);
    expect(screen.getByLabelText('Timezone')).toHaveValue('UTC');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('still offers the form’s own zone and UTC when Intl lists neither', () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(intlZones);
    render(<Fields timezone="Asia/Calcutta" />);
    const zones = zoneValues();
    expect(zones).toEqual(['Asia/Calcutta', 'UTC', ...intlZones]);
    expect(new Set(zones).size).toBe(zones.length);
  });
});
