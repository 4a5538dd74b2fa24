import type { Company } from '@dosechain/contract';
import { Grid } from '@mui/material';
import { useEffect } from 'react';
import { companyKey, useCompany } from '../../components/companies/company-api.ts';
import type { CompanyKind } from '../../components/companies/company-kinds.ts';
import { CountrySelect } from '../../components/form/country-select.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { NameField } from '../../components/form/name-field.tsx';
import { PhoneField } from '../../components/form/phone-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { emptySignature, useSignedForm } from '../../components/form/signed-form.ts';
import { TimezoneSelect } from '../../components/form/timezone-select.tsx';
import { useInUse } from '../../components/form/use-in-use.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';
import {
  type CompanyFormInput,
  type CompanyFormOutput,
  companyFormFields,
  companyFormFieldsSchema,
  emptyCompanyForm,
} from './company-form-schema.ts';
import { LinkedCompaniesSelect } from './linked-companies-select.tsx';

const toFormValues = (kind: CompanyKind, c: Company): CompanyFormInput => ({
  name: c.name,
  phoneNumber: c.phoneNumber,
  timezone: c.timezone,
  address: {
    line_1: c.address.line_1,
    line_2: c.address.line_2 ?? '',
    city: c.address.city,
    state: c.address.state ?? '',
    country: c.address.country,
    zipCode: c.address.zipCode ?? '',
  },
  ...(kind.link ? { [kind.link.field]: (c[kind.link.answer] ?? []).map((l) => l.id) } : {}),
  ...emptySignature,
});

/** Add (no id) or edit (id) a company of a kind; edit loads the current record first. */
export function CompanyFormDialog({
  kind,
  id,
  onClose,
}: {
  kind: CompanyKind;
  id?: number;
  onClose: () => void;
}) {
  const existing = useCompany(kind, id);
  const { control, schema, handleSubmit, formState, reset, setError, watch } = useSignedForm(
    companyFormFieldsSchema,
    emptyCompanyForm,
  );
  useEffect(() => {
    if (existing.data) reset(toFormValues(kind, existing.data));
  }, [existing.data, kind, reset]);
  const nameInUse = useInUse(kind.uniqueEntity, 'name', watch('name'), id);

  const submit = useRecordSubmit({
    resource: kind.api,
    id,
    entity: kind.label,
    setError,
    fields: companyFormFields,
    onSaved: onClose,
    recordKey: (saved) => companyKey(kind, saved),
  });
  const onSubmit = async (values: CompanyFormOutput) => {
    if (!nameInUse) await submit(values);
  };

  return (
    <FormDialog
      title={`${id === undefined ? 'Add' : 'Edit'} ${kind.label}`}
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !nameInUse}
      isSubmitting={formState.isSubmitting}
      loading={id !== undefined && existing.isLoading}
      maxWidth="md"
    >
      <Grid size={{ xs: 12, sm: 6 }}>
        <NameField control={control} inUse={nameInUse} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PhoneField control={control} name="phoneNumber" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TimezoneSelect control={control} name="timezone" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CountrySelect control={control} name="address.country" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="address.line_1" label="Address line 1" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="address.line_2" label="Address line 2" />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <FormTextField control={control} name="address.city" label="City" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="address.state" label="State" />
      </Grid>
      <Grid size={{ xs: 12, sm: 3 }}>
        <FormTextField control={control} name="address.zipCode" label="Zip code" />
      </Grid>
      {kind.link && (
        <Grid size={12}>
          <LinkedCompaniesSelect
            control={control}
            link={kind.link}
            initial={existing.data?.[kind.link.answer] ?? []}
          />
        </Grid>
      )}
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
