import { activityUnits, messages } from '@dosechain/contract';
import { Grid, MenuItem } from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DRUGS } from '../../api/resources.ts';
import { useCompany } from '../../components/companies/company-api.ts';
import { companyKinds } from '../../components/companies/company-kinds.ts';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { useESignatureRequired } from '../../components/form/e-signature-field.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { LookupSelect } from '../../components/form/lookup-select.tsx';
import { PositiveNumberField } from '../../components/form/positive-number-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { emptySignature } from '../../components/form/signed-form.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';
import {
  AVAILABILITIES,
  type AvailabilityFormValues,
  availabilityFormFieldNames,
  availabilityFormResolver,
  availabilityFormRules,
  emptyAvailabilityForm,
  toCreateBody,
} from './availability-form-model.ts';
import { FrequencyFields } from './frequency-fields.tsx';
import { ManufactureWindowFields } from './manufacture-window-fields.tsx';

/** Today in a zone (the browser's until a CMO is chosen). */
const todayIn = (zone: string | undefined) =>
  DateTime.now()
    .setZone(zone ?? 'local')
    .toISODate() ?? '';

/**
 * Adds an availability: the drug a CMO makes, how many doses per manufacture day, from when
 * until when, how it repeats and the daily window in the CMO's zone.
 */
export function AvailabilityFormDialog({ onClose }: { onClose: () => void }) {
  const eSignature = useESignatureRequired();
  const cmoZone = useRef<string | undefined>(undefined);
  const resolver = useMemo(
    () => availabilityFormResolver(eSignature, () => todayIn(cmoZone.current)),
    [eSignature],
  );
  const schema = useMemo(
    () => availabilityFormRules(eSignature, () => todayIn(cmoZone.current)),
    [eSignature],
  );
  const { control, handleSubmit, formState, setError, trigger, getValues } = useForm<AvailabilityFormValues>({
    mode: 'onChange',
    resolver,
    defaultValues: { ...emptyAvailabilityForm(todayIn(undefined)), ...emptySignature },
  });
  const cmoId = useWatch({ control, name: 'cmoId' });
  const unit = useWatch({ control, name: 'activityUnit' });
  const validFrom = useWatch({ control, name: 'validFrom' });
  const cmo = useCompany(companyKinds.cmo, cmoId ?? undefined);
  const timezone = cmoId ? cmo.data?.timezone : undefined;
  useEffect(() => {
    cmoZone.current = timezone;
    // "Today" moved with the zone: check the start date again.
    if (getValues('validFrom')) void trigger('validFrom');
  }, [timezone, getValues, trigger]);
  const today = DateTime.fromISO(todayIn(timezone));

  const onSubmit = useRecordSubmit({
    resource: AVAILABILITIES,
    entity: 'Availability',
    setError,
    fields: availabilityFormFieldNames,
    onSaved: onClose,
    success: messages.availabilityCreated,
    failure: messages.errorCreatingAvailability,
    toBody: toCreateBody,
  });

  return (
    <FormDialog
      title="Add Availability"
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
      maxWidth="md"
    >
      <Grid size={{ xs: 12, sm: 6 }}>
        <LookupSelect control={control} name="drugId" label="Drug" resource={DRUGS} activeOnly required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LookupSelect control={control} name="cmoId" label="CMO" resource={companyKinds.cmo.api} required />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <PositiveNumberField
          control={control}
          name="doses"
          label="Doses per manufacture day"
          unit={{ singular: `dose (${unit ?? 'mCi'})`, plural: `doses (${unit ?? 'mCi'})` }}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="activityUnit" label="Unit" select required>
          {activityUnits.map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateOrTimeField
          control={control}
          name="validFrom"
          label="Valid from"
          mode="date"
          minDate={today}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateOrTimeField
          control={control}
          name="validUntil"
          label="Valid until"
          mode="date"
          minDate={validFrom ? DateTime.fromISO(validFrom) : today}
          required
        />
      </Grid>
      <FrequencyFields control={control} />
      <ManufactureWindowFields control={control} timezone={timezone} />
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
