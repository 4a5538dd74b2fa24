import { useMemo } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormAutocomplete } from './form-autocomplete.tsx';

const REGION_CODES =
  'AD AE AF AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT HU ID IE IL IN IQ IR IS IT JM JO JP KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PR PS PT PW PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VN VU WS YE ZA ZM ZW'.split(
    ' ',
  );

/** An ISO 3166-1 alpha-2 country, shown by name. */
export function CountrySelect<T extends FieldValues>({
  control,
  name,
  required,
  label = 'Country',
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
  required?: boolean;
}) {
  const names = useMemo(() => new Intl.DisplayNames(['en'], { type: 'region' }), []);
  const options = useMemo(
    () => [...REGION_CODES].sort((a, b) => (names.of(a) ?? a).localeCompare(names.of(b) ?? b)),
    [names],
  );
  return (
    <FormAutocomplete
      control={control}
      name={name}
      label={label}
      required={required}
      options={options}
      getOptionLabel={(code) => `${names.of(code) ?? code} (${code})`}
    />
  );
}
