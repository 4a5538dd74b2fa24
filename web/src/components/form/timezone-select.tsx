import { Autocomplete, Box, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { autocompleteInput } from './autocomplete-input.tsx';
import { allTimezones, zoneWithOffset } from './timezone.ts';
import { cityFoundBy, placeLine, placeOf, searchZones, type ZonePlaceData } from './timezone-search.ts';

let loaded: ZonePlaceData | undefined;
let loading: Promise<ZonePlaceData> | undefined;

/**
 * The zones' countries and cities, fetched with the first picker shown (some 11 kB, never part of
 * the first screen); until then the picker searches IANA names only.
 */
function useZonePlaceData(): ZonePlaceData | undefined {
  const [data, setData] = useState(loaded);
  useEffect(() => {
    if (data) return;
    loading ??= import('./timezone-places.ts');
    let current = true;
    loading.then(
      (d) => {
        loaded = d;
        if (current) setData(d);
      },
      () => {
        // Only the search by city and country is lost; the zones stay pickable by name.
        loading = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [data]);
  return data;
}

/**
 * An IANA time zone, each shown with its current UTC offset and its country and larger cities;
 * found by zone name, city ("Seattle") or country ("Germany").
 */
export function TimezoneSelect<T extends FieldValues>({
  control,
  name,
  required,
  label = 'Time zone',
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
  required?: boolean;
}) {
  const zones = useMemo(() => allTimezones(), []);
  const data = useZonePlaceData();
  // The text typed (not the picked zone's label): which city found a zone, for its line.
  const [typed, setTyped] = useState('');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<string>
          options={zones}
          value={field.value || null}
          onChange={(_, v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          getOptionLabel={(zone) => zoneWithOffset(zone)}
          onInputChange={(_, text, reason) => setTyped(reason === 'input' ? text : '')}
          filterOptions={(options, { inputValue }) =>
            searchZones(options, inputValue, (zone) => placeOf(zone, data)).map((m) => m.zone)
          }
          renderOption={({ key, ...props }, zone) => {
            const place = placeOf(zone, data);
            const line = placeLine(place, cityFoundBy(place, typed));
            return (
              <Box component="li" key={key} {...props}>
                <Box>
                  <Typography variant="body2">{zoneWithOffset(zone)}</Typography>
                  {line && (
                    <Typography variant="caption" color="text.secondary">
                      {line}
                    </Typography>
                  )}
                </Box>
              </Box>
            );
          }}
          renderInput={autocompleteInput(field, fieldState, {
            label,
            required,
            placeholder: 'Zone, city or country',
          })}
        />
      )}
    />
  );
}
