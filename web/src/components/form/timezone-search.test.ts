import { describe, expect, it } from 'vitest';
import { zoneAliases, zonePlaces } from './timezone-places.ts';
import { placeLine, placeOf, searchZones } from './timezone-search.ts';

const data = { zonePlaces, zoneAliases };
const zones = [
  'America/Chicago',
  'America/Los_Angeles',
  'America/New_York',
  'Asia/Calcutta',
  'Europe/Berlin',
];
const find = (text: string) => searchZones(zones, text, (z) => placeOf(z, data));

describe('time-zone search', () => {
  it('finds a zone by a city in it, and says which city', () => {
    expect(find('Seattle')).toEqual([{ zone: 'America/Los_Angeles', city: 'Seattle' }]);
    expect(find('munich')).toEqual([{ zone: 'Europe/Berlin', city: 'Munich' }]);
    // Accents are not needed, nor refused.
    expect(find('Düsseldorf')).toEqual([{ zone: 'Europe/Berlin', city: 'Dusseldorf' }]);
  });

  it('finds the zones of a country by its name or code', () => {
    expect(find('Germany')).toEqual([{ zone: 'Europe/Berlin' }]);
    expect(find('United States').map((m) => m.zone)).toEqual([
      'America/Chicago',
      'America/Los_Angeles',
      'America/New_York',
    ]);
    expect(find('in').map((m) => m.zone)).toContain('Asia/Calcutta');
  });

  it('still finds a zone by its IANA name, with spaces for underscores, and all zones for no text', () => {
    expect(find('los angeles')).toEqual([{ zone: 'America/Los_Angeles' }]);
    expect(find('America/New_')).toEqual([{ zone: 'America/New_York' }]);
    expect(find('  ')).toHaveLength(zones.length);
    expect(find('Atlantis')).toEqual([]);
  });

  it('reads an older zone name (as browsers list some) through its link', () => {
    expect(placeOf('Asia/Calcutta', data)).toMatchObject({ country: 'IN', countryName: 'India' });
    expect(find('Mumbai')).toEqual([{ zone: 'Asia/Calcutta', city: 'Mumbai' }]);
  });

  it('describes a zone by its country and its largest cities, or the city searched for', () => {
    const la = placeOf('America/Los_Angeles', data);
    expect(placeLine(la)).toBe('United States · Los Angeles, San Francisco, San Diego');
    expect(placeLine(la, 'Seattle')).toBe('United States · Seattle');
    expect(placeLine(placeOf('Etc/Unknown', data))).toBe('');
    expect(placeOf('Europe/Berlin', undefined)).toEqual({ cities: [] });
  });
});
