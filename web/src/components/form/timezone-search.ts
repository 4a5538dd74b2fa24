/** What a zone is known by besides its IANA name: its country and larger cities (decision 042). */
export interface ZonePlace {
  /** ISO 3166-1 alpha-2, when tzdata names one. */
  country?: string;
  countryName?: string;
  cities: string[];
}

/** The generated data: "<country>|<city>|…" per zone, and older names linking to a zone. */
export interface ZonePlaceData {
  zonePlaces: Record<string, string>;
  zoneAliases: Record<string, string>;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Text as searched: no accents, any case, "_" and "/" read as spaces ("Los_Angeles" is "los angeles"). */
export const foldForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The country and cities of a zone (or of the zone an older name links to); none without data. */
export function placeOf(zone: string, data: ZonePlaceData | undefined): ZonePlace {
  const entry = data && (data.zonePlaces[zone] ?? data.zonePlaces[data.zoneAliases[zone] ?? '']);
  if (!entry) return { cities: [] };
  const [country = '', ...cities] = entry.split('|');
  return country ? { country, countryName: regionNames.of(country) ?? country, cities } : { cities };
}

export interface ZoneMatch {
  zone: string;
  /** The city the search found the zone by, when it was a city. */
  city?: string;
}

/** The first of a zone's cities a search text finds, if any. */
export function cityFoundBy(p: ZonePlace, text: string): string | undefined {
  const query = foldForSearch(text);
  return query ? p.cities.find((c) => foldForSearch(c).includes(query)) : undefined;
}

/**
 * The zones a search text finds, in the order given: by IANA name, country name or code, or city
 * ("Seattle" finds America/Los_Angeles, "Germany" Europe/Berlin). An empty text finds them all.
 */
export function searchZones(
  zones: readonly string[],
  text: string,
  place: (zone: string) => ZonePlace,
): ZoneMatch[] {
  const query = foldForSearch(text);
  if (!query) return zones.map((zone) => ({ zone }));
  const found: ZoneMatch[] = [];
  for (const zone of zones) {
    if (foldForSearch(zone).includes(query)) {
      found.push({ zone });
      continue;
    }
    const p = place(zone);
    const city = cityFoundBy(p, query);
    if (city) found.push({ zone, city });
    else if (
      p.countryName &&
      (foldForSearch(p.countryName).includes(query) || p.country?.toLowerCase() === query)
    ) {
      found.push({ zone });
    }
  }
  return found;
}

/** The line under a zone in the picker: its country, and the city searched for or its largest ones. */
export function placeLine(p: ZonePlace, city?: string): string {
  const cities = city ? [city] : p.cities.slice(0, 3);
  return [p.countryName, cities.join(', ')].filter(Boolean).join(' · ');
}
