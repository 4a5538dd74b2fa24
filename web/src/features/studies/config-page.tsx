import type { Study } from '@dosechain/contract';
import { Visibility } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useNavigate } from 'react-router';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { STUDIES } from './study-api.ts';
import { StudyFormDialog } from './study-form-dialog.tsx';

export const STUDIES_ROUTE = '/config/studies';

const columns: DataTableColumn<Study>[] = [
  { field: 'name', header: 'Name', value: (s) => s.name },
  { field: 'sponsor', header: 'Sponsor', value: (s) => s.sponsor },
  activeColumn(),
  createdColumn(),
];

export default function StudiesPage() {
  const navigate = useNavigate();
  return (
    <ConfigListPage<Study>
      title="Studies"
      entity="Study"
      resource={STUDIES}
      columns={columns}
      toggleable
      renderForm={(study, close) => <StudyFormDialog study={study} onClose={close} />}
      rowActions={(study) => (
        <Tooltip title="View">
          <IconButton aria-label="View" onClick={() => navigate(`${STUDIES_ROUTE}/${study.id}`)}>
            <Visibility />
          </IconButton>
        </Tooltip>
      )}
    />
  );
}
