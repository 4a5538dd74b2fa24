import { z } from 'zod';

/**
 * What a half-filled Place order keeps: the choices, the subject, the day and hour, the notes,
 * the activity and the reason. Never the e-signature password.
 */
export const orderDraftSchema = z.object({
  studyId: z.number().int().nullish(),
  siteId: z.number().int().nullish(),
  examId: z.number().int().nullish(),
  imagingCenterId: z.number().int().nullish(),
  timePointId: z.number().int().nullish(),
  subjectId: z.string().max(1000).default(''),
  /** The picked day on the imaging center's clock (`YYYY-MM-DD`) and the month shown. */
  day: z.string().nullish(),
  month: z.string().nullish(),
  calibrationDatetime: z.string().default(''),
  additional_notes: z.string().max(10_000).default(''),
  requestedActivity: z.number().nullish(),
  reasonForChange: z.string().max(10_000).default(''),
});
export type OrderDraft = z.output<typeof orderDraftSchema>;

/** One draft per user and role (a site's order is not an imaging center's), in this tab's storage. */
export const draftKey = (userId: number, roleId: number | null | undefined) =>
  `dosechain.place-order-draft.${userId}.${roleId ?? 'none'}`;

/**
 * The drafts of Place order in a tab's sessionStorage: they survive a reload, Back and a menu
 * click, and go with the tab. A draft that cannot be read (another version's, tampered) is
 * dropped, never half-trusted; a storage that refuses (quota, private mode) just keeps nothing.
 */
export function orderDrafts(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, key: string) {
  return {
    read(): OrderDraft | null {
      let text: string | null = null;
      try {
        text = storage.getItem(key);
      } catch {
        return null;
      }
      if (!text) return null;
      try {
        const parsed = orderDraftSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // not JSON: dropped below
      }
      this.clear();
      return null;
    },
    save(draft: OrderDraft & { electronicSignature?: unknown }): void {
      // Picked field by field by the schema: the signature (or anything else) never gets in.
      const kept = orderDraftSchema.safeParse(draft);
      if (!kept.success) return;
      try {
        storage.setItem(key, JSON.stringify(kept.data));
      } catch {
        // A full or disabled storage keeps no draft; the form itself is unaffected.
      }
    },
    clear(): void {
      try {
        storage.removeItem(key);
      } catch {
        // nothing kept
      }
    },
  };
}

/** Whether a draft holds anything the user typed or picked (a fixed own company is not input). */
export function draftHasInput(
  draft: OrderDraft,
  fixed: { siteId?: number; imagingCenterId?: number },
): boolean {
  return Boolean(
    draft.studyId ||
      (draft.siteId && draft.siteId !== fixed.siteId) ||
      draft.examId ||
      (draft.imagingCenterId && draft.imagingCenterId !== fixed.imagingCenterId) ||
      draft.timePointId ||
      draft.subjectId.trim() ||
      draft.calibrationDatetime ||
      draft.additional_notes.trim() ||
      typeof draft.requestedActivity === 'number' ||
      draft.reasonForChange.trim(),
  );
}
