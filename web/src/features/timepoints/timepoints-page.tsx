import type { Timepoint } from '@dosechain/contract';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { TIMEPOINTS, TimepointFormDialog } from './timepoint-form-dialog.tsx';

const columns: DataTableColumn<Timepoint>[] = [
  { field: 'name', header: 'Name', value: (tp) => tp.name },
  createdColumn(),
];

export default function TimepointsPage() {
  return (
    <ConfigListPage<Timepoint>
      title="Timepoints"
      entity="Timepoint"
      resource={TIMEPOINTS}
      columns={columns}
      renderForm={(timepoint, close) => <TimepointFormDialog timepoint={timepoint} onClose={close} />}
    />
  );
}
