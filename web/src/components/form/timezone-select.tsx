import { useMemo } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormAutocomplete } from './form-autocomplete.tsx';
import { allTimezones, zoneWithOffset } from './timezone.ts';

/** An IANA time zone, each shown with its UTC offset. */
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
  return (
    <FormAutocomplete
      control={control}
      name={name}
      label={label}
      required={required}
      options={zones}
      getOptionLabel={zoneWithOffset}
    />
  );
}
