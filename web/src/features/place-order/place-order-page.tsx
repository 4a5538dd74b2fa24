import {
  limits,
  messages,
  type PlaceOrderAnswer,
  type PlaceOrderBody,
  placeOrderBodySchema,
} from '@dosechain/contract';
import { Alert, Box, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { DecimalField } from '../../components/form/decimal-field.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { type SignedOutput, useSignedForm } from '../../components/form/signed-form.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { activityLimitFor, activityUnitFor, unitLabel } from './activity-unit.ts';
import { SEARCH, useAvailableDays, useNow } from './availability-search.ts';
import { calendarDays } from './calendar-days.ts';
import { CalibrationPicker } from './calibration-picker.tsx';
import { ChoiceSelect } from './choice-select.tsx';
import { DraftRestoredNote } from './draft-restored-note.tsx';
import { type CenterChoice, useOrderChoices } from './order-choices.ts';
import { useOrderWindow } from './order-window-api.ts';
import { orderWindowText } from './order-window-text.ts';
import { OverrideDialog } from './override-dialog.tsx';
import { PlaceOrderHelp } from './place-order-help.tsx';
import { orderIntents, sendOrder } from './send-order.ts';
import { useOrderDraft } from './use-order-draft.ts';

type Values = SignedOutput<typeof placeOrderBodySchema.shape>;

/** A positive whole number of the URL's search parameters, else undefined. */
const idParam = (params: URLSearchParams, name: string) => {
  const n = Number(params.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * What a link fills in (Subjects due's "Order", "Order again"):
 * `?studyId&siteId&examId&imagingCenterId&subjectId&timePointId[&replacesOrderId&replacesOrderNumber]`.
 * A role's own site or center always wins.
 */
function linkedValues(params: URLSearchParams) {
  return {
    studyId: idParam(params, 'studyId'),
    siteId: idParam(params, 'siteId'),
    examId: idParam(params, 'examId'),
    imagingCenterId: idParam(params, 'imagingCenterId'),
    timePointId: idParam(params, 'timePointId'),
    subjectId: params.get('subjectId') ?? '',
    // "Order again" (issue 36): the lost order this one replaces, and its number to say so.
    replacesOrderId: idParam(params, 'replacesOrderId'),
    replacesOrderNumber: idParam(params, 'replacesOrderNumber'),
  };
}

/** The company a site or imaging-center role orders for; it cannot be changed. */
function useFixedCompanies() {
  const { user } = useAuth();
  const role = user?.currentRole;
  const own = role?.companyId ? { id: role.companyId, name: role.companyName ?? '' } : undefined;
  return {
    site: role?.type === 'clinical_site' ? own : undefined,
    center:
      role?.type === 'imaging_center' && own
        ? ({ ...own, timezone: role.companyTimezone ?? undefined } satisfies CenterChoice)
        : undefined,
  };
}

/** The toast of a placed order, linking to it. It lives outside the router, so it navigates itself. */
function PlacedToast({ order, open }: { order: PlaceOrderAnswer; open: (path: string) => void }) {
  const href = `/orders/${order.id}`;
  return (
    <Link
      href={href}
      color="inherit"
      onClick={(e) => {
        e.preventDefault();
        open(href);
      }}
    >
      {messages.orderPlaced(order.number)}
    </Link>
  );
}

/**
 * Place order: what (study, site, exam), where (imaging center), for whom (subject, timepoint)
 * and when — a manufacture day with doses left and an hour inside its window, on the imaging
 * center's clock. Signed; the form starts again after each order. A half-filled form is kept
 * as a draft of this tab (a reload, Back or a menu click does not lose it).
 */
export default function PlaceOrderPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fixed = useFixedCompanies();
  const blank = {
    studyId: undefined,
    siteId: fixed.site?.id,
    examId: undefined,
    imagingCenterId: fixed.center?.id,
    timePointId: undefined,
    subjectId: '',
    calibrationDatetime: '',
    additional_notes: '',
    requestedActivity: null,
  };
  const [params] = useSearchParams();
  const [linked] = useState(() => linkedValues(params));
  // The order being replaced, until this one is placed.
  const [replacing, setReplacing] = useState(
    linked.replacesOrderId ? { id: linked.replacesOrderId, number: linked.replacesOrderNumber } : undefined,
  );
  // Refused as outside the window or a second order for the timepoint: what was sent and why.
  const [override, setOverride] = useState<{ body: PlaceOrderBody; said: string[] }>();
  const form = useSignedForm(placeOrderBodySchema, {
    ...blank,
    studyId: linked.studyId,
    siteId: fixed.site?.id ?? linked.siteId,
    examId: linked.examId,
    imagingCenterId: fixed.center?.id ?? linked.imagingCenterId,
    timePointId: linked.timePointId,
    subjectId: linked.subjectId,
  });
  const { control, handleSubmit, formState, setError, reset, resetField } = form;
  const [studyId, siteId, examId, imagingCenterId] = useWatch({
    control,
    name: ['studyId', 'siteId', 'examId', 'imagingCenterId'],
  });
  const [timePointId, subjectId] = useWatch({ control, name: ['timePointId', 'subjectId'] });
  const orderWindow = useOrderWindow({ studyId, siteId, imagingCenterId, timePointId, subjectId });
  const notes = useWatch({ control, name: 'additional_notes' }) ?? '';
  const calibration = useWatch({ control, name: 'calibrationDatetime' });
  const choices = useOrderChoices(studyId ?? undefined, siteId ?? undefined);
  const center: CenterChoice | undefined =
    fixed.center ?? choices.imagingCenters.find((c) => c.id === imagingCenterId);
  const zone = center?.timezone;
  const now = useNow();

  const [month, setMonth] = useState<DateTime>(() =>
    DateTime.now()
      .setZone(zone ?? 'local')
      .startOf('month'),
  );
  const [day, setDay] = useState<string | null>(null);
  // One Idempotency-Key per order meant: a second send of the same order places nothing more.
  const intents = useRef(orderIntents());
  const ready = Boolean(studyId && siteId && examId && imagingCenterId && zone);
  const search = useAvailableDays(
    ready ? { studyId: studyId ?? undefined, siteId: siteId ?? undefined, examId: examId ?? undefined } : {},
    month,
  );

  const fixedIds = useMemo(
    () => ({ siteId: fixed.site?.id, imagingCenterId: fixed.center?.id }),
    [fixed.site?.id, fixed.center?.id],
  );
  const openDays = useMemo(
    () => calendarDays(search.data ?? [], zone ?? 'local', now),
    [search.data, zone, now],
  );
  const draft = useOrderDraft({
    form,
    fixed: fixedIds,
    calendar: { day, month, setDay, setMonth },
    choices,
    search: { ready, settled: !search.isFetching && (search.data !== undefined || search.isError), openDays },
  });

  // The requested activity is in the unit of the availability the picked day's dose comes from.
  const activityUnit = activityUnitFor(search.data ?? [], { calibration, day, zone });
  // The drug's maximum, said under the field and refused as the user types (not after signing).
  const requested = useWatch({ control, name: 'requestedActivity' });
  const activityLimit = activityLimitFor(search.data ?? [], activityUnit, requested);

  /** Empties what depended on a changed choice, without flagging it before the user gets there. */
  const clear = (...names: ('siteId' | 'examId' | 'imagingCenterId')[]) => {
    for (const n of names) resetField(n);
    setDay(null);
    resetField('calibrationDatetime');
  };

  const onSubmit = (values: Values) =>
    send({
      ...values,
      additional_notes: values.additional_notes || undefined,
      requestedActivity: values.requestedActivity ?? undefined,
      overrideReason: undefined,
      replacesOrderId: replacing?.id,
    });

  const send = async (body: PlaceOrderBody) => {
    const result = await sendOrder(api, body, setError, intents.current.keyFor(body));
    if ('overridable' in result) {
      setOverride({ body, said: result.overridable });
      return;
    }
    if ('placed' in result) {
      setReplacing(undefined);
      intents.current.placed();
      draft.placed();
      // Longer than the other toasts: it carries the way to the new order.
      toast.success(<PlacedToast order={result.placed} open={(path) => navigate(path)} />, {
        autoClose: 15_000,
      });
      reset(blank);
      // The next order starts at the top of the form, the calendar in view.
      window.scrollTo({ top: 0 });
    }
    if ('uncertain' in result) intents.current.uncertain();
    if ('placedEarlier' in result) intents.current.placed();
    if ('refused' in result || 'uncertain' in result || 'placedEarlier' in result) return;
    // Placed, or the day was taken meanwhile: the calendar is asked again and the day picked anew.
    setDay(null);
    resetField('calibrationDatetime');
    await queryClient.invalidateQueries({ queryKey: queryKeys.of(SEARCH) });
  };

  return (
    <Stack spacing={2} component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h4" component="h1">
          Place order
        </Typography>
        <PlaceOrderHelp />
      </Box>
      {replacing && (
        <Alert severity="info">
          {replacing.number ? messages.replacesOrder(replacing.number) : messages.orderAgain}
        </Alert>
      )}
      {override && (
        <OverrideDialog
          said={override.said}
          onCancel={() => setOverride(undefined)}
          onConfirm={async (reason) => {
            const body = { ...override.body, overrideReason: reason };
            setOverride(undefined);
            await send(body);
          }}
        />
      )}
      {draft.restored && <DraftRestoredNote findings={draft.findings} onDiscard={draft.discard} />}
      {choices.failed && <Alert severity="warning">The studies you may order for could not be loaded.</Alert>}
      {!choices.loading && !choices.failed && choices.studies.length === 0 && (
        <Alert severity="info">There is no study you can place orders for.</Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChoiceSelect
              control={control}
              name="studyId"
              label="Study"
              options={choices.studies}
              loading={choices.loading}
              onPicked={() => clear(...(fixed.site ? [] : (['siteId'] as const)), 'examId')}
            />
            <ChoiceSelect
              control={control}
              name="siteId"
              label="Site"
              options={choices.sites}
              fixed={fixed.site}
              disabled={!studyId}
              onPicked={() => clear('examId', ...(fixed.center ? [] : (['imagingCenterId'] as const)))}
            />
            <ChoiceSelect
              control={control}
              name="examId"
              label="Exam"
              options={choices.exams}
              disabled={!studyId || !siteId}
              onPicked={() => clear()}
            />
            <ChoiceSelect
              control={control}
              name="imagingCenterId"
              label="Imaging center"
              options={choices.imagingCenters}
              fixed={fixed.center}
              disabled={!siteId}
              onPicked={() => clear()}
            />
            <FormTextField control={control} name="subjectId" label="Subject" required />
            <ChoiceSelect
              control={control}
              name="timePointId"
              label="Timepoint"
              options={choices.timepoints}
            />
            <FormTextField
              control={control}
              name="additional_notes"
              label="Additional notes"
              multiline
              minRows={3}
              maxRows={8}
              helperText={`${notes.length}/${limits.notesMax}`}
              slotProps={{ htmlInput: { maxLength: limits.notesMax } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <CalibrationPicker
              control={control}
              name="calibrationDatetime"
              zone={zone}
              days={search.data ?? []}
              loading={search.isFetching}
              failed={search.isError}
              ready={ready}
              day={day}
              onDayChange={(d) => {
                setDay(d);
                resetField('calibrationDatetime');
              }}
              onMonthChange={(m) => setMonth(m.startOf('month'))}
              month={month}
              now={now}
              window={
                orderWindow.data?.earliestDate && orderWindow.data.latestDate
                  ? { earliestDate: orderWindow.data.earliestDate, latestDate: orderWindow.data.latestDate }
                  : undefined
              }
              windowText={orderWindowText(orderWindow.data)}
            />
            <DecimalField
              control={control}
              name="requestedActivity"
              label="Requested activity at calibration"
              unit={unitLabel(activityUnit)}
              helperText={activityUnit ? activityLimit.help : messages.activityUnitAfterDay}
              refusal={activityLimit.refusal}
            />
          </Grid>
          <Grid size={12}>
            <Grid container columnSpacing={2}>
              <SignedChangeFields control={control} />
            </Grid>
          </Grid>
        </Grid>
      </Paper>
      <Box>
        <SubmitButton
          isValid={formState.isValid && activityLimit.refusal === undefined}
          isSubmitting={formState.isSubmitting}
        >
          Place order
        </SubmitButton>
      </Box>
    </Stack>
  );
}
