import type { CompanyType, FilterCondition, User } from '@dosechain/contract';
import { Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { activeColumn } from '../../components/data-table/common-columns.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { USERS } from '../../components/users/user-choices.ts';
import { emailColumn, fullNameColumn, usernameColumn } from '../../components/users/user-columns.ts';

/** The flags that mean something for the company's kind (spec section 6), as one column. */
const flagsOf: Record<CompanyType, ((u: User) => string | false)[]> = {
  cmo: [],
  clinical_site: [
    (u) => u.siteCoordinator && 'Site coordinator',
    (u) => u.primaryInvestigator && 'Primary investigator',
  ],
  imaging_center: [(u) => u.imagingCenterContact && 'Imaging center contact'],
};

/** The users of one company in its kind of role, on the company's detail page (no add button). */
export function CompanyUsers({ type, companyId }: { type: CompanyType; companyId: number }) {
  const baseFilter = useMemo<FilterCondition[]>(
    () => [
      { field: 'role_type', op: 'eq', value: type },
      { field: 'company_id', op: 'eq', value: companyId },
    ],
    [type, companyId],
  );
  const columns = useMemo<DataTableColumn<User>[]>(() => {
    const flags: DataTableColumn<User> = {
      field: 'flags',
      header: 'Flags',
      value: (u) => flagsOf[type].map((flag) => flag(u)).filter(Boolean),
      type: 'list',
      enableSorting: false,
      filter: false,
    };
    return [
      usernameColumn,
      fullNameColumn,
      emailColumn,
      ...(flagsOf[type].length > 0 ? [flags] : []),
      activeColumn<User>(),
    ];
  }, [type]);
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="company-users">
      <Stack spacing={1}>
        <Typography variant="h6" component="h2" id="company-users">
          Users
        </Typography>
        <DataTable<User>
          resource={USERS}
          columns={columns}
          baseFilter={baseFilter}
          defaultSort={[{ id: 'username', desc: false }]}
        />
      </Stack>
    </Paper>
  );
}
