import { type Company, messages } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
} from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { CountrySelect } from '../../components/form/country-select.tsx';
import { useESignatureRequired } from '../../components/form/e-signature-field.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PhoneField } from '../../components/form/phone-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TimezoneSelect } from '../../components/form/timezone-select.tsx';
import { useInUse } from '../../components/form/use-in-use.ts';
import { useCompany, useSaveCompany } from './company-api.ts';
import {
  type CompanyFormInput,
  type CompanyFormOutput,
  companyFormFields,
  companyFormSchema,
  emptyCompanyForm,
} from './company-form-schema.ts';
import type { CompanyKind } from './company-kinds.ts';
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
  reasonForChange: '',
  electronicSignature: '',
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
  const eSignature = useESignatureRequired();
  const schema = useMemo(() => companyFormSchema(eSignature), [eSignature]);
  const existing = useCompany(kind, id);
  const save = useSaveCompany(kind, id);
  const { control, handleSubmit, formState, reset, setError, watch } = useForm<
    CompanyFormInput,
    unknown,
    CompanyFormOutput
  >({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: emptyCompanyForm,
  });
  useEffect(() => {
    if (existing.data) reset(toFormValues(kind, existing.data));
  }, [existing.data, kind, reset]);
  const nameInUse = useInUse(kind.uniqueEntity, 'name', watch('name'), id);

  const onSubmit = async (values: CompanyFormOutput) => {
    if (nameInUse) return;
    try {
      await save.mutateAsync(values);
      toast.success(`${kind.label} ${id === undefined ? 'created' : 'updated'}`);
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError, companyFormFields)) {
        toast.error(
          id === undefined ? messages.errorCreating(kind.label) : messages.errorUpdating(kind.label),
        );
      }
    }
  };

  const loading = id !== undefined && existing.isLoading;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="company-form-title">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogTitle id="company-form-title">{`${id === undefined ? 'Add' : 'Edit'} ${kind.label}`}</DialogTitle>
        <DialogContent dividers>
          {loading ? (
            <CircularProgress aria-label="Loading" />
          ) : (
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  control={control}
                  name="name"
                  label="Name"
                  required
                  autoFocus
                  error={nameInUse || undefined}
                  helperText={nameInUse ? messages.alreadyUsed : undefined}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <PhoneField control={control} name="phoneNumber" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TimezoneSelect control={control} name="timezone" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <CountrySelect control={control} name="address.country" />
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
                  <LinkedCompaniesSelect control={control} link={kind.link} />
                </Grid>
              )}
              <SignedChangeFields control={control} />
            </Grid>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isValid={formState.isValid && !nameInUse} isSubmitting={formState.isSubmitting}>
            Save
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
