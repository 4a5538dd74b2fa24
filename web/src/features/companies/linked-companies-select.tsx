import type { Company } from '@dosechain/contract';
import type { Control } from 'react-hook-form';
import { type CompanyKind, companyKinds } from '../../components/companies/company-kinds.ts';
import { LookupMultiSelect } from '../../components/form/multi-select.tsx';
import type { CompanyFormInput } from './company-form-schema.ts';

/**
 * Picks the companies of the other kind this one is linked to (sites ↔ imaging centers), searched
 * by name on the server; `initial`, the links the company has when the form opens.
 */
export function LinkedCompaniesSelect({
  control,
  link,
  initial,
}: {
  control: Control<CompanyFormInput>;
  link: NonNullable<CompanyKind['link']>;
  initial: readonly { id: number; name: string }[];
}) {
  return (
    <LookupMultiSelect
      control={control}
      name={link.field}
      label={link.label}
      resource={companyKinds[link.other].api}
      optionLabel={(c: Company) => c.name}
      initial={initial.map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}
