import type { Company } from '@dosechain/contract';
import type { Control } from 'react-hook-form';
import { type CompanyKind, companyKinds } from '../../components/companies/company-kinds.ts';
import { MultiSelect } from '../../components/form/multi-select.tsx';
import { useListChoices } from '../../components/form/use-list-choices.ts';
import type { CompanyFormInput } from './company-form-schema.ts';

const byName = { sort: 'name' };
const companyChoice = (c: Company) => ({ value: c.id, label: c.name });

/** Picks the companies of the other kind this one is linked to (sites ↔ imaging centers). */
export function LinkedCompaniesSelect({
  control,
  link,
}: {
  control: Control<CompanyFormInput>;
  link: NonNullable<CompanyKind['link']>;
}) {
  const { choices, total } = useListChoices(companyKinds[link.other].api, byName, companyChoice);
  return (
    <MultiSelect control={control} name={link.field} label={link.label} choices={choices} total={total} />
  );
}
