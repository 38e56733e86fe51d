import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { CountryTimeZoneFields } from './country-time-zone-fields';

function Fields({ timezone }: { timezone: string }) {
  const initial = { country: 'GB', timezone };
  const { register } = useForm({ defaultValues: initial });
  return <CountryTimeZoneFields initial={initial} country={register('country')} timezone={register('timezone')} errors={{}} />;
}

const zoneOptions = () => within(screen.getByLabelText('Timezone')).getAllByRole<HTMLOptionElement>('option');
const zoneValues = () => zoneOptions().map((option) => option.value);

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
    expect(zoneValues()).toEqual([...intlZones, 'UTC']);
    expect(screen.getByLabelText('Timezone')).toHaveValue('UTC');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('still offers the form’s own zone and UTC when Intl lists neither', () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(intlZones);
    render(<Fields timezone="Asia/Calcutta" />);
    const zones = zoneValues();
    expect(zones).toEqual(['Asia/Calcutta', ...intlZones, 'UTC']);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('lists the zones in the order of the names shown (Asia/Calcutta from Intl is shown, and sorted, as Asia/Kolkata)', () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['Asia/Brunei', 'Asia/Calcutta', 'Asia/Chita', 'America/Port_of_Spain', 'America/Porto_Velho']);
    render(<Fields timezone="Europe/London" />);
    expect(zoneOptions().map((option) => option.textContent)).toEqual([
      'America/Port of Spain',
      'America/Porto Velho',
      'Asia/Brunei',
      'Asia/Chita',
      'Asia/Kolkata',
      'Europe/London',
      'UTC',
    ]);
  });
});
