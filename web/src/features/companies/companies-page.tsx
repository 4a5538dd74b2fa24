import { type Company, phoneForDisplay } from '@dosechain/contract';
import { Visibility } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { CompanyKind } from '../../components/companies/company-kinds.ts';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { CompanyFormDialog } from './company-form-dialog.tsx';

const columns: DataTableColumn<Company>[] = [
  { field: 'name', header: 'Name', value: (c) => c.name },
  {
    field: 'phone_number',
    header: 'Phone',
    value: (c) => (c.phoneNumber ? phoneForDisplay(c.phoneNumber) : c.phoneNumber),
  },
  { field: 'timezone', header: 'Time zone', value: (c) => c.timezone },
  { field: 'city', header: 'City', value: (c) => c.address?.city },
  { field: 'country', header: 'Country', value: (c) => c.address?.country },
  createdColumn(),
];

/** The list page of one company kind: its table, add and edit dialog, and the way to its detail page. */
export function CompaniesPage({ kind }: { kind: CompanyKind }) {
  const navigate = useNavigate();
  const viewAction = useMemo(
    () => (c: Company) => (
      <Tooltip title="View">
        <IconButton aria-label="View" onClick={() => navigate(`${kind.route}/${c.id}`)}>
          <Visibility />
        </IconButton>
      </Tooltip>
    ),
    [kind.route, navigate],
  );
  return (
    <ConfigListPage<Company>
      title={kind.title}
      entity={kind.label}
      resource={kind.api}
      columns={columns}
      rowActions={viewAction}
      renderForm={(company, close) => <CompanyFormDialog kind={kind} id={company?.id} onClose={close} />}
    />
  );
}
