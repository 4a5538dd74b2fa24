import type { DoseRecord, NamedRef } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, FormHelperText, Grid, Paper, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LocalDataTable } from '../../components/data-table/local-data-table.tsx';
import { doseRecordColumns } from '../../components/dose-records/dose-record-columns.ts';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import {
  type DoseAccountabilityRun,
  useDoseAccountability,
  useDoseAccountabilityOptions,
  useDoseRecords,
} from './dose-accountability-api.ts';
import {
  asOfText,
  type DoseAccountabilityForm,
  type DoseSummaryRow,
  doseAccountabilityFormSchema,
  doseAccountabilityLines,
  doseAccountabilityRequest,
  emptyDoseAccountabilityForm,
  summaryColumns,
  summaryRows,
} from './dose-accountability-model.ts';
import { NamedChoice } from './named-choice.tsx';
import { limitedChoices } from './orders-report-model.ts';

const TITLE = 'Dose Accountability';
const DOSES_TITLE = 'Doses';
const EMPTY = 'No doses in this range';

const isTotal = (r: DoseSummaryRow) => r.isTotal;

/**
 * Reports → Dose Accountability (issue 35): what happened to every dose calibrated between the
 * start of From and the end of To on the user's clock — counts per study and clinical site with a
 * Total row, and the doses one by one as the imaging core lab receives them. Each role sees the
 * doses of its company's scope (the server decides).
 */
export default function DoseAccountabilityPage() {
  const { control, handleSubmit, formState } = useForm<DoseAccountabilityForm>({
    mode: 'onChange',
    resolver: zodResolver(doseAccountabilityFormSchema),
    defaultValues: emptyDoseAccountabilityForm,
  });
  const [studyId, siteId] = useWatch({ control, name: ['studyId', 'siteId'] });
  const options = useDoseAccountabilityOptions();
  const choices = limitedChoices(options.data, studyId, siteId);
  const zone = DateTime.local().zoneName;

  const [run, setRun] = useState<(DoseAccountabilityRun & { form: DoseAccountabilityForm }) | null>(null);
  const result = useDoseAccountability(run);
  const doses = useDoseRecords(run);

  const onSubmit = (form: DoseAccountabilityForm) =>
    setRun((previous) => ({
      form,
      request: doseAccountabilityRequest(form, zone),
      run: (previous?.run ?? 0) + 1,
    }));

  const columns = useMemo(() => summaryColumns(result.data), [result.data]);
  const rows = useMemo(() => summaryRows(result.data), [result.data]);
  const doseRows = useMemo<DoseRecord[]>(() => doses.data?.items ?? [], [doses.data]);
  const nameOf = (list: NamedRef[] | undefined, id: number | null) =>
    id === null ? undefined : list?.find((i) => i.id === id)?.name;
  const lines = run
    ? doseAccountabilityLines(
        run.form,
        {
          study: nameOf(options.data?.studies, run.form.studyId),
          site: nameOf(options.data?.sites, run.form.siteId),
        },
        result.data?.asOf,
        zone,
      )
    : [];
  const nothing = result.isSuccess && result.data.ordered === 0;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {TITLE}
      </Typography>
      {options.isError && <Alert severity="warning">The studies and sites could not be loaded.</Alert>}
      <Paper component="form" sx={{ p: 2 }} onSubmit={handleSubmit(onSubmit)} noValidate>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <DateOrTimeField control={control} name="from" label="From" mode="date" required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <DateOrTimeField control={control} name="to" label="To" mode="date" required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <NamedChoice
              control={control}
              name="studyId"
              label="Study"
              options={choices.studies}
              loading={options.isPending}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <NamedChoice
              control={control}
              name="siteId"
              label="Clinical Site"
              options={choices.sites}
              loading={options.isPending}
            />
          </Grid>
          <Grid size={{ xs: 12 }} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SubmitButton isValid={formState.isValid} isSubmitting={result.isFetching || doses.isFetching}>
              Generate Report
            </SubmitButton>
            <FormHelperText sx={{ m: 0 }}>
              Doses are counted by their calibration time, from the start of From to the end of To (
              {zoneWithOffset(zone)}).
            </FormHelperText>
          </Grid>
        </Grid>
      </Paper>
      {run && (
        <Stack spacing={1} component="section" aria-label={TITLE}>
          <Typography variant="h6" component="h2">
            {TITLE}
          </Typography>
          {result.isError ? (
            <Alert severity="error">The report could not be generated.</Alert>
          ) : (
            <>
              {result.data && (
                <Typography variant="body2" color="text.secondary" data-testid="as-of">
                  {asOfText(result.data.asOf, zone)}: a shipped dose past its expiry with no administration
                  counts as expired unused.
                </Typography>
              )}
              {nothing && !result.isFetching && <Alert severity="info">{EMPTY}</Alert>}
              <LocalDataTable
                // The reasons' columns come and go with the result: a new set of columns is a new table.
                key={columns.map((c) => c.field).join(' ')}
                rows={rows}
                columns={columns}
                isLoading={result.isFetching}
                enableFiltering={false}
                enablePagination={false}
                emptyText={EMPTY}
                isBoldRow={isTotal}
                contentSized
                title={TITLE}
                exportName="dose_accountability"
                orientation="landscape"
                lines={lines}
              />
            </>
          )}
        </Stack>
      )}
      {run && (
        <Stack spacing={1} component="section" aria-label={DOSES_TITLE}>
          <Typography variant="h6" component="h2">
            {DOSES_TITLE}
          </Typography>
          {doses.isError ? (
            <Alert severity="error">The doses could not be loaded.</Alert>
          ) : (
            <>
              {doses.data?.truncated && (
                <Alert severity="warning">
                  Only the first {doses.data.items.length} doses are shown and exported: narrow the range or
                  choose a study or site for the rest.
                </Alert>
              )}
              <LocalDataTable
                rows={doseRows}
                columns={doseRecordColumns}
                contentSized
                isLoading={doses.isFetching}
                emptyText={EMPTY}
                title={DOSES_TITLE}
                exportName="core_lab_doses"
                orientation="landscape"
                lines={lines}
              />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
