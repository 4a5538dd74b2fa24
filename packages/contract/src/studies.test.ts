import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { duplicateDistributionRows, studyUpdateBodySchema } from './studies.ts';

const row = (
  email: string,
  companyType: 'cmo' | 'clinical_site' | null = null,
  companyIds: number[] = [],
) => ({
  name: 'Anna',
  email,
  companyType,
  companyIds,
});

describe('duplicateDistributionRows', () => {
  it('finds the same address in another case or with spaces, naming the first row', () => {
    expect(
      duplicateDistributionRows([row('anna@example.org'), row('bob@example.org'), row(' ANNA@example.org ')]),
    ).toEqual([{ index: 2, firstIndex: 0 }]);
  });

  it('keeps one address for a CMO and for a site, which reach other orders', () => {
    expect(
      duplicateDistributionRows([row('anna@example.org', 'cmo'), row('ANNA@example.org', 'clinical_site')]),
    ).toEqual([]);
  });

  it('refuses a typed row beside an untyped one (which already reaches every order) and two of one type', () => {
    expect(duplicateDistributionRows([row('anna@example.org'), row('Anna@example.org', 'cmo')])).toEqual([
      { index: 1, firstIndex: 0 },
    ]);
    expect(duplicateDistributionRows([row('a@x.org', 'cmo'), row('A@X.org', 'cmo')])).toEqual([
      { index: 1, firstIndex: 0 },
    ]);
  });

  it('does not count blank addresses (the required rule speaks of them)', () => {
    expect(duplicateDistributionRows([row(''), row('')])).toEqual([]);
  });
});

describe('the distribution list of a study update', () => {
  it('refuses a case-insensitive duplicate on the later row, naming the earlier one', () => {
    const result = studyUpdateBodySchema.safeParse({
      distributionList: [row('anna@example.org'), row('ANNA@example.org')],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['distributionList', 1, 'email'],
        message: messages.distributionEmailDuplicate(1),
      }),
    ]);
  });

  it('accepts different addresses', () => {
    expect(
      studyUpdateBodySchema.safeParse({ distributionList: [row('anna@example.org'), row('bob@example.org')] })
        .success,
    ).toBe(true);
  });
});
