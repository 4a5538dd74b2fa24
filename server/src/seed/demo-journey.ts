import {
  administeredActivity,
  checkReceipt,
  expectedActivityAt,
  halfLifeInSeconds,
  RECEIPT_TOLERANCE_DEFAULT_PERCENT,
} from '@dosechain/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../kernel/db/client.ts';
import {
  drugs,
  orderAdministrations,
  orderReceipts,
  orderShipments,
  orders,
  radionuclides,
  users,
} from '../kernel/db/schema.ts';

const MINUTE = 60_000;

/** A seeded order's journey, as the demo shows it (issue 35). */
export interface DemoJourney {
  /** Shipped by its CMO: the dispatch 2 h before calibration, the assay 30 min before that. */
  shipped?: { assayedActivity: number };
  /** Received an hour before calibration with an assay of this much (the expected figure's share). */
  received?: { shareOfExpected: number };
  /** Injected 15 min after calibration from a syringe assayed at calibration with this much. */
  administered?: { measuredActivity: number; residualActivity: number };
}

type SeededOrder = typeof orders.$inferSelect;

/**
 * Writes the shipment, receipt and administration records of seeded orders, with the figures the
 * server would compute (contract `expectedActivityAt`, `checkReceipt`, `administeredActivity`), as
 * the CMO user and the imaging user would have entered them. Returns what each order's audit row
 * shows of them.
 */
export async function seedDemoJourneys(
  db: Executor,
  journeys: { order: SeededOrder; journey: DemoJourney }[],
): Promise<Map<number, Record<string, unknown>>> {
  const audited = new Map<number, Record<string, unknown>>();
  if (journeys.length === 0) return audited;
  const userId = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const [cmoUser, imagingUser] = [await userId('cmo'), await userId('imaging')];

  for (const { order, journey } of journeys) {
    const [drug] = await db
      .select({
        halfLife: radionuclides.halfLife,
        halfLifeUnit: radionuclides.halfLifeUnit,
        tolerance: drugs.receiptTolerancePercent,
      })
      .from(drugs)
      .leftJoin(radionuclides, eq(radionuclides.id, drugs.radionuclideId))
      .where(eq(drugs.id, order.drugId));
    const halfLifeSeconds =
      drug?.halfLife != null && drug.halfLifeUnit
        ? halfLifeInSeconds(drug.halfLife, drug.halfLifeUnit)
        : null;
    const calibration = order.calibrationDatetime.getTime();
    const at = (minutes: number) => new Date(calibration + minutes * MINUTE);
    const unit = 'mCi' as const;
    const record: Record<string, unknown> = {};

    let shipment: { assayedActivity: number; assayedAt: string; activityUnit: typeof unit } | null = null;
    if (journey.shipped) {
      const lotNumber = `FDG-${order.calibrationDatetime.toISOString().slice(2, 10).replaceAll('-', '')}-01`;
      const row = {
        lotNumber,
        assayedActivity: journey.shipped.assayedActivity,
        activityUnit: unit,
        assayedAt: at(-150),
        expiresAt: at(8 * 60),
        courier: 'MedExpress',
        trackingNumber: `ME-${order.number}`,
      };
      await db.insert(orderShipments).values({ orderId: order.id, ...row, createdBy: cmoUser });
      await db
        .update(orders)
        .set({ shippedAt: at(-120) })
        .where(eq(orders.id, order.id));
      shipment = {
        assayedActivity: row.assayedActivity,
        assayedAt: row.assayedAt.toISOString(),
        activityUnit: unit,
      };
      record.shippedAt = at(-120).toISOString();
      record.shipment = { ...row, assayedAt: shipment.assayedAt, expiresAt: row.expiresAt.toISOString() };
    }

    if (journey.received && shipment) {
      const receivedAt = at(-60).toISOString();
      const expected = expectedActivityAt(
        {
          drug: { halfLifeSeconds },
          shipment,
          requestedActivity: order.requestedActivity,
          activityUnit: order.activityUnit,
          calibrationDatetime: order.calibrationDatetime.toISOString(),
        },
        receivedAt,
      )!;
      const receivedActivity = Number((expected.activity * journey.received.shareOfExpected).toFixed(2));
      const tolerancePercent = drug?.tolerance ?? RECEIPT_TOLERANCE_DEFAULT_PERCENT;
      const check = checkReceipt(receivedActivity, expected.activity, tolerancePercent);
      const row = {
        receivedActivity,
        receivedAt: new Date(receivedAt),
        activityUnit: expected.unit,
        expectedActivity: expected.activity,
        deviationPercent: check?.deviationPercent ?? null,
        tolerancePercent,
        packageCondition: 'intact' as const,
        deviation: check?.outsideTolerance ?? false,
        comment: null,
      };
      await db.insert(orderReceipts).values({ orderId: order.id, ...row, createdBy: imagingUser });
      record.receipt = { ...row, receivedAt };
    }

    if (journey.administered) {
      const injectedAt = at(15).toISOString();
      const measured = { activity: journey.administered.measuredActivity, at: at(0).toISOString() };
      const residual = { activity: journey.administered.residualActivity, at: at(20).toISOString() };
      const activity = administeredActivity(injectedAt, measured, residual, { unit, halfLifeSeconds });
      const row = {
        administered: true,
        injectedAt: new Date(injectedAt),
        measuredActivity: measured.activity,
        measuredAt: new Date(measured.at),
        residualActivity: residual.activity,
        residualAt: new Date(residual.at),
        activityUnit: unit,
        administeredActivity: activity,
        comment: null,
      };
      await db.insert(orderAdministrations).values({ orderId: order.id, ...row, createdBy: imagingUser });
      record.administration = { ...row, injectedAt, measuredAt: measured.at, residualAt: residual.at };
    }
    audited.set(order.id, record);
  }
  return audited;
}
