import type { NamedRef } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, FormHelperText, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LocalDataTable } from '../../components/data-table/local-data-table.tsx';
import { DateOrTimeField } from '../../components/form/date-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { zoneWithOffset } from '../../components/form/timezone.ts';
import { NamedChoice } from './named-choice.tsx';
import { useOrderStatuses, useOrdersCount, useReportOptions } from './orders-report-api.ts';
import {
  ALL_CMOS,
  emptyReportForm,
  limitedChoices,
  type OrdersCountRequest,
  type OrdersReportForm,
  ordersReportFormSchema,
  printLines,
  reportColumns,
  reportGroupingLabels,
  reportRequest,
} from './orders-report-model.ts';

const TITLE = 'Number of Orders per Status';
const groupings = ['none', 'month', 'quarter', 'year'] as const;

interface Run {
  form: OrdersReportForm;
  request: OrdersCountRequest;
  /** Every Generate Report asks again, also for the same choices. */
  run: number;
}

/**
 * The Orders Report (/reports/orders): orders per status created between the start of From
 * and the end of To in the user's time zone, optionally for one study and site, grouped by
 * month, quarter or year. The counting happens on the server in one query.
 */
export default function OrdersReportPage() {
  const { control, handleSubmit, formState } = useForm<OrdersReportForm>({
    mode: 'onChange',
    resolver: zodResolver(ordersReportFormSchema),
    defaultValues: emptyReportForm,
  });
  const [studyId, siteId] = useWatch({ control, name: ['studyId', 'siteId'] });
  const options = useReportOptions();
  const statuses = useOrderStatuses();
  const choices = limitedChoices(options.data, studyId, siteId);

  const [run, setRun] = useState<Run | null>(null);
  const result = useOrdersCount(run);

  const onSubmit = (form: OrdersReportForm) =>
    setRun((previous) => ({
      form,
      request: reportRequest(form, DateTime.local().zoneName),
      run: (previous?.run ?? 0) + 1,
    }));

  const grouping = run?.request.grouping;
  const nameOf = (list: NamedRef[] | undefined, id: number | null) =>
    id === null ? undefined : list?.find((i) => i.id === id)?.name;
  // The page is for staff and admin only (route table): they see the CMO column.
  const cmo = run ? (nameOf(options.data?.cmos, run.form.cmoId) ?? ALL_CMOS) : undefined;
  const columns = useMemo(
    () => reportColumns(statuses.data ?? [], grouping, result.data, cmo),
    [statuses.data, grouping, result.data, cmo],
  );
  const rows = useMemo(() => result.data?.items ?? [], [result.data]);
  const lines = run
    ? printLines(run.form, {
        study: nameOf(options.data?.studies, run.form.studyId),
        site: nameOf(options.data?.sites, run.form.siteId),
        cmo: nameOf(options.data?.cmos, run.form.cmoId),
      })
    : [];

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Order Report
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
          {/* A CMO's name is long ("Isotope Labs Boston Radiopharmacy"): half the row shows it whole. */}
          <Grid size={{ xs: 12, sm: 6, md: 6 }}>
            <NamedChoice
              control={control}
              name="cmoId"
              label="CMO"
              options={options.data?.cmos ?? []}
              loading={options.isPending}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name="grouping"
              render={({ field }) => (
                <TextField {...field} select label="Grouping" fullWidth margin="dense">
                  {groupings.map((g) => (
                    <MenuItem key={g} value={g}>
                      {reportGroupingLabels[g]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12 }} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SubmitButton isValid={formState.isValid} isSubmitting={result.isFetching}>
              Generate Report
            </SubmitButton>
            <FormHelperText sx={{ m: 0 }}>
              Orders are counted by their creation date, from the start of From to the end of To (
              {zoneWithOffset(DateTime.local().zoneName)}).
            </FormHelperText>
          </Grid>
        </Grid>
      </Paper>
      {run && (
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {TITLE}
          </Typography>
          {result.isError ? (
            <Alert severity="error">The report could not be generated.</Alert>
          ) : (
            <LocalDataTable
              // The table keeps the column order it first saw and appends a column that comes
              // later (the group after a first ungrouped run): a new set of columns is a new table,
              // so the group stays first whatever the order of the runs.
              key={columns.map((c) => c.field).join(' ')}
              rows={rows}
              columns={columns}
              isLoading={result.isFetching}
              enableFiltering={false}
              title={TITLE}
              exportName="orders_report"
              orientation="landscape"
              lines={lines}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
