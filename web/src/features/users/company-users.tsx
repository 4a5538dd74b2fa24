import type { CompanyType, FilterCondition, User } from '@dosechain/contract';
import { Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { activeColumn } from '../../components/data-table/common-columns.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { USERS } from './user-choices.ts';
import { emailColumn, fullNameColumn, lockedColumn, usernameColumn } from './user-columns.ts';

const flagColumns: Record<CompanyType, DataTableColumn<User>[]> = {
  cmo: [],
  clinical_site: [
    {
      field: 'site_coordinator',
      header: 'Site coordinator',
      value: (u) => u.siteCoordinator,
      type: 'boolean',
      filter: false,
    },
    {
      field: 'primary_investigator',
      header: 'Primary investigator',
      value: (u) => u.primaryInvestigator,
      type: 'boolean',
      filter: false,
    },
  ],
  imaging_center: [
    {
      field: 'imaging_center_contact',
      header: 'Imaging center contact',
      value: (u) => u.imagingCenterContact,
      type: 'boolean',
      filter: false,
    },
  ],
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
  const columns = useMemo(
    () => [
      usernameColumn,
      fullNameColumn,
      emailColumn,
      { field: 'phone', header: 'Phone', value: (u: User) => u.phone, filter: false as const },
      ...flagColumns[type],
      activeColumn<User>(),
      lockedColumn,
    ],
    [type],
  );
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
