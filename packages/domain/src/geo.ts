// The country a browser's IANA zone implies, used
// to prefill sign-up and so the currency. Only a default:
// the user's stored country wins. Zones not listed fall back to 'US', which prices in USD like
// every other non-Indian country.

export const DEFAULT_COUNTRY = 'US';

/** Each country's zones; the first is its most populous, by its current name (what a form picks for the country). */
const zonesByCountry: Record<string, readonly string[]> = {
  IN: ['Asia/Kolkata', 'Asia/Calcutta'],
  US: [
    'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles',
    'America/Anchorage', 'America/Adak', 'America/Detroit', 'America/Boise', 'America/Indiana/Indianapolis',
    'America/Kentucky/Louisville', 'Pacific/Honolulu', 'US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific',
    'US/Alaska', 'US/Hawaii', 'US/Arizona',
  ],
  CA: [
    'America/Toronto', 'America/Montreal', 'America/Vancouver', 'America/Edmonton', 'America/Winnipeg',
    'America/Regina', 'America/Halifax', 'America/St_Johns', 'Canada/Eastern', 'Canada/Pacific',
  ],
  GB: ['Europe/London', 'Europe/Belfast', 'GB'],
  IE: ['Europe/Dublin'],
  AU: [
    'Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Perth', 'Australia/Adelaide',
    'Australia/Darwin', 'Australia/Hobart', 'Australia/Canberra', 'Australia/Lord_Howe',
  ],
  NZ: ['Pacific/Auckland', 'Pacific/Chatham', 'NZ'],
  AE: ['Asia/Dubai'],
  SA: ['Asia/Riyadh'],
  QA: ['Asia/Qatar'],
  KW: ['Asia/Kuwait'],
  BH: ['Asia/Bahrain'],
  OM: ['Asia/Muscat'],
  PK: ['Asia/Karachi'],
  BD: ['Asia/Dhaka', 'Asia/Dacca'],
  NP: ['Asia/Kathmandu', 'Asia/Katmandu'],
  LK: ['Asia/Colombo'],
  BT: ['Asia/Thimphu'],
  MV: ['Indian/Maldives'],
  AF: ['Asia/Kabul'],
  IR: ['Asia/Tehran'],
  IQ: ['Asia/Baghdad'],
  IL: ['Asia/Jerusalem', 'Asia/Tel_Aviv'],
  JO: ['Asia/Amman'],
  LB: ['Asia/Beirut'],
  TR: ['Europe/Istanbul', 'Asia/Istanbul'],
  SG: ['Asia/Singapore'],
  MY: ['Asia/Kuala_Lumpur'],
  TH: ['Asia/Bangkok'],
  VN: ['Asia/Ho_Chi_Minh', 'Asia/Saigon'],
  ID: ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'],
  PH: ['Asia/Manila'],
  MM: ['Asia/Yangon', 'Asia/Rangoon'],
  CN: ['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Urumqi', 'PRC'],
  HK: ['Asia/Hong_Kong'],
  TW: ['Asia/Taipei'],
  JP: ['Asia/Tokyo', 'Japan'],
  KR: ['Asia/Seoul'],
  KZ: ['Asia/Almaty'],
  UZ: ['Asia/Tashkent'],
  RU: ['Europe/Moscow', 'Asia/Yekaterinburg', 'Asia/Novosibirsk', 'Asia/Vladivostok'],
  UA: ['Europe/Kyiv', 'Europe/Kiev'],
  DE: ['Europe/Berlin'],
  FR: ['Europe/Paris'],
  ES: ['Europe/Madrid', 'Atlantic/Canary'],
  PT: ['Europe/Lisbon'],
  IT: ['Europe/Rome'],
  NL: ['Europe/Amsterdam'],
  BE: ['Europe/Brussels'],
  CH: ['Europe/Zurich'],
  AT: ['Europe/Vienna'],
  SE: ['Europe/Stockholm'],
  NO: ['Europe/Oslo'],
  DK: ['Europe/Copenhagen'],
  FI: ['Europe/Helsinki'],
  PL: ['Europe/Warsaw'],
  CZ: ['Europe/Prague'],
  HU: ['Europe/Budapest'],
  RO: ['Europe/Bucharest'],
  GR: ['Europe/Athens'],
  EG: ['Africa/Cairo'],
  NG: ['Africa/Lagos'],
  KE: ['Africa/Nairobi'],
  GH: ['Africa/Accra'],
  ZA: ['Africa/Johannesburg'],
  MA: ['Africa/Casablanca'],
  ET: ['Africa/Addis_Ababa'],
  TZ: ['Africa/Dar_es_Salaam'],
  UG: ['Africa/Kampala'],
  MX: ['America/Mexico_City', 'America/Cancun', 'America/Tijuana', 'America/Monterrey'],
  BR: ['America/Sao_Paulo', 'America/Manaus', 'America/Fortaleza'],
  AR: ['America/Argentina/Buenos_Aires', 'America/Buenos_Aires'],
  CL: ['America/Santiago'],
  CO: ['America/Bogota'],
  PE: ['America/Lima'],
  VE: ['America/Caracas'],
};

const countryByZone = new Map<string, string>(
  Object.entries(zonesByCountry).flatMap(([country, zones]) => zones.map((zone) => [zone, country] as const)),
);

/** ISO 3166-1 alpha-2 country for an IANA zone; DEFAULT_COUNTRY ('US') when unknown. */
export function countryForTimeZone(timeZone: string): string {
  return knownCountryForTimeZone(timeZone) ?? DEFAULT_COUNTRY;
}

/** The country of an IANA zone when the table knows it; undefined for UTC and zones it does not list (a form asks instead of guessing). */
export function knownCountryForTimeZone(timeZone: string): string | undefined {
  return countryByZone.get(timeZone.trim());
}

/** A country's most populous zone ('IN' → 'Asia/Kolkata', 'US' → 'America/New_York'); undefined for a country the table does not know. */
export function mainTimeZoneOf(country: string): string | undefined {
  return zonesByCountry[country]?.[0];
}

/**
 * The timezone to show once a form's country is `country`: `current` when it is one of that
 * country's zones (or the country is not in the table, so nothing better is known), else the
 * country's most populous zone. A learner picking India with UTC in the form gets Asia/Kolkata.
 */
export function timeZoneForCountry(country: string, current: string): string {
  const main = mainTimeZoneOf(country);
  if (!main || knownCountryForTimeZone(current) === country) return current;
  return main;
}

/**
 * IANA renamed these zones, but browsers and Node (through ICU) still report the old names: a
 * browser in India says 'Asia/Calcutta'. Parley stores and shows the current name.
 */
const renamedZones: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The zone's current IANA name ('Asia/Calcutta' → 'Asia/Kolkata'); any other zone as it is. */
export function canonicalTimeZone(timeZone: string): string {
  return renamedZones[timeZone] ?? timeZone;
}

// Region codes Intl names that are not countries (EU, UN, pseudo-locales, unknown region).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);
// Made on first use: naming the 676 two-letter codes costs a slow phone about 30 ms.
let countryCodeList: readonly string[] | undefined;

/** Whether `code` is the region code in use, not a retired alias Intl maps to another (DY → BJ). */
function isCurrentRegionCode(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

/**
 * Every ISO 3166 country code Intl can name (no hand-kept list to rot): what the country selects
 * offer and what the server accepts. Empty when this runtime cannot name regions.
 */
export function countryCodes(): readonly string[] {
  if (countryCodeList) return countryCodeList;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  } catch {
    return (countryCodeList = []);
  }
  const found: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || !isCurrentRegionCode(code)) continue;
      const name = names.of(code);
      if (name && name !== code) found.push(code);
    }
  }
  return (countryCodeList = found);
}

/** Whether `code` is a country (any two capitals where the runtime cannot name regions). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const known = countryCodes();
  return known.length === 0 || known.includes(code);
}
