import type { Order } from '@dosechain/contract';
import type { Executor } from '../../kernel/db/client.ts';
import { studyDistributionEntries } from '../../kernel/db/schema.ts';
import { distributionMatch, orderCompanies, uniqueAddresses } from './notify.ts';

/**
 * Each address of the order's distribution list with the zone its mail is written in: the zone
 * of the company its entry is for (a CMO entry the CMO's, a site entry the site's), the imaging
 * center's (the clock of the scan, as every order mail) for an entry of the whole study.
 */
export async function recipientsWithZones(db: Executor, order: Order): Promise<Map<string, string>> {
  const rows = await db
    .select({ email: studyDistributionEntries.email, companyType: studyDistributionEntries.companyType })
    .from(studyDistributionEntries)
    .where(distributionMatch(orderCompanies(order)));
  const zoneOf = {
    cmo: order.cmo.timezone,
    clinical_site: order.site.timezone,
    imaging_center: order.imagingCenter.timezone,
  } as const;
  const byAddress = new Map<string, string>();
  // An address on a company's entry reads that company's clock; else the imaging center's.
  for (const row of [...rows].sort(
    (a, b) => Number(a.companyType === null) - Number(b.companyType === null),
  )) {
    const [address] = uniqueAddresses([row.email]);
    if (!address || [...byAddress.keys()].some((a) => a.toLowerCase() === address.toLowerCase())) continue;
    byAddress.set(address, zoneOf[row.companyType ?? 'imaging_center']);
  }
  return byAddress;
}
