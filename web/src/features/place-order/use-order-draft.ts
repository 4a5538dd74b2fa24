import type { PlaceOrderOptions, placeOrderBodySchema } from '@dosechain/contract';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useAuth } from '../../auth/auth-context.tsx';
import type { SignedInput, SignedOutput } from '../../components/form/signed-form.ts';
import type { CalendarDay } from './calendar-days.ts';
import { choicesOf } from './order-choices.ts';
import { draftHasInput, draftKey, orderDraftSchema, orderDrafts } from './order-draft.ts';
import { type ChoiceLists, goneChoices, slotStillOpen } from './restored-draft-check.ts';

type Shape = typeof placeOrderBodySchema.shape;
type OrderForm = UseFormReturn<SignedInput<Shape>, unknown, SignedOutput<Shape>>;

/** The form fields a draft fills (the signature is never among them). */
const draftFields = [
  'studyId',
  'siteId',
  'examId',
  'imagingCenterId',
  'timePointId',
  'subjectId',
  'calibrationDatetime',
  'additional_notes',
  'requestedActivity',
  'reasonForChange',
] as const;

/** What a restore found no longer valid, said in the draft's note. */
export interface RestoreFindings {
  /** Choices no longer offered (by label), emptied. */
  gone: string[];
  /** The picked hour is no longer open (the day filled, passed or closed), emptied. */
  slotGone: boolean;
}

/**
 * Place order's draft in this tab, per user and role: restored when the page opens (the choices
 * and the picked hour checked again once the lists and the calendar have loaded: a day that
 * filled meanwhile is emptied, never sent as it was), kept as the user types, and cleared when
 * the form is back to blank (after a placement) or discarded.
 */
export function useOrderDraft({
  form,
  fixed,
  calendar,
  choices,
  search,
}: {
  form: OrderForm;
  fixed: { siteId?: number; imagingCenterId?: number };
  calendar: {
    day: string | null;
    month: DateTime;
    setDay: (day: string | null) => void;
    setMonth: (month: DateTime) => void;
  };
  choices: Pick<ChoiceLists, 'studies' | 'timepoints'> & {
    options: PlaceOrderOptions | undefined;
    loading: boolean;
    failed: boolean;
  };
  /** The calendar of the chosen study, site, exam and center: settled once its answer is in. */
  search: { ready: boolean; settled: boolean; openDays: ReadonlyMap<string, CalendarDay> };
}) {
  const { user } = useAuth();
  const store = useMemo(
    () => orderDrafts(window.sessionStorage, draftKey(user?.id ?? 0, user?.currentRole?.id)),
    [user?.id, user?.currentRole?.id],
  );
  const [initial] = useState(() => {
    const draft = store.read();
    return draft && draftHasInput(draft, fixed) ? draft : null;
  });
  const [restored, setRestored] = useState(initial !== null);
  const [findings, setFindings] = useState<RestoreFindings>({ gone: [], slotGone: false });
  // Saving starts after the first render (that one shows the form before the draft was put in).
  const applied = useRef(false);
  const toCheck = useRef({ choices: initial !== null, slot: Boolean(initial?.calibrationDatetime) });
  const { setValue, getValues, trigger, reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restores once, as the page opens.
  useEffect(() => {
    if (initial) {
      for (const name of draftFields) {
        if ((name === 'siteId' && fixed.siteId) || (name === 'imagingCenterId' && fixed.imagingCenterId))
          continue;
        const value = initial[name];
        if (value === undefined || value === null || value === '') continue;
        setValue(name, value as never, { shouldDirty: true });
      }
      calendar.setDay(initial.day ?? null);
      const month = initial.month ? DateTime.fromISO(initial.month) : null;
      if (month?.isValid) calendar.setMonth(month.startOf('month'));
      // What was typed is checked at once; the empty fields wait for the user as usual.
      void trigger(draftFields.filter((n) => n !== 'calibrationDatetime' && Boolean(initial[n])));
    }
  }, []);

  const values = useWatch({ control: form.control });
  const monthIso = calendar.month.toISODate();
  useEffect(() => {
    if (!applied.current) {
      // The first run sees the form as it opened, before the draft was put in: nothing to save.
      applied.current = true;
      return;
    }
    const draft = orderDraftSchema.safeParse({ ...values, day: calendar.day, month: monthIso });
    if (draft.success && draftHasInput(draft.data, fixed)) store.save(draft.data);
    else store.clear();
  }, [values, calendar.day, monthIso, store, fixed]);

  // The draft's choices, once the lists are in: what is no longer offered is emptied.
  useEffect(() => {
    if (!applied.current || !toCheck.current.choices || choices.loading) return;
    toCheck.current.choices = false;
    if (choices.failed) return;
    // The lists of the restored values (this render's may still be those of the blank form).
    const values = getValues();
    const lists = {
      studies: choices.studies,
      timepoints: choices.timepoints,
      ...choicesOf(choices.options, values.studyId ?? undefined, values.siteId ?? undefined),
    };
    const { gone, clear, calendar: dropCalendar } = goneChoices(values, lists, fixed);
    for (const name of clear) setValue(name, null as never, { shouldDirty: true, shouldValidate: true });
    if (dropCalendar && getValues('calibrationDatetime')) {
      setValue('calibrationDatetime', '', { shouldDirty: true });
      calendar.setDay(null);
      toCheck.current.slot = false;
    }
    if (gone.length > 0) setFindings((f) => ({ ...f, gone }));
  });

  // The draft's hour, once the calendar of its month is in: kept only if still open.
  useEffect(() => {
    if (!toCheck.current.slot || toCheck.current.choices) return;
    const calibration = getValues('calibrationDatetime');
    if (!calibration) {
      toCheck.current.slot = false;
      return;
    }
    // Until this render holds the restored choices the calendar is not asked; without the lists
    // (they failed to load) the hour cannot be checked and goes.
    if (!choices.failed && !(search.ready && search.settled)) return;
    toCheck.current.slot = false;
    if (!choices.failed && slotStillOpen(calibration, calendar.day, search.openDays)) return;
    setValue('calibrationDatetime', '', { shouldDirty: true, shouldValidate: true });
    if (!(calendar.day && search.openDays.has(calendar.day))) calendar.setDay(null);
    setFindings((f) => ({ ...f, slotGone: true }));
  });

  const forget = () => {
    store.clear();
    setRestored(false);
    setFindings({ gone: [], slotGone: false });
  };
  return {
    /** A draft was restored as the page opened (until it is discarded or placed). */
    restored,
    findings,
    /** The user drops the draft: the form starts blank. */
    discard: () => {
      forget();
      reset();
      calendar.setDay(null);
    },
    /** The order was placed: its draft goes. */
    placed: forget,
  };
}
