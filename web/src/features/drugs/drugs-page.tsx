import type { Drug } from '@dosechain/contract';
import { DRUGS } from '../../api/resources.ts';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { DrugFormDialog } from './drug-form-dialog.tsx';

const columns: DataTableColumn<Drug>[] = [
  { field: 'name', header: 'Name', value: (d) => d.name },
  { field: 'other_name', header: 'Other name', value: (d) => d.otherName },
  activeColumn(),
  createdColumn(),
];

export default function DrugsPage() {
  return (
    <ConfigListPage<Drug>
      title="Drugs"
      entity="Drug"
      resource={DRUGS}
      columns={columns}
      toggleable
      renderForm={(drug, close) => <DrugFormDialog drug={drug} onClose={close} />}
    />
  );
}
