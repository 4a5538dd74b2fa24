import { type Drug, drugFieldsSchema } from '@dosechain/contract';
import { type ConfigPageDescription, ConfigResourcePage } from '../../components/config-resource-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';

const drugs: ConfigPageDescription<Drug> = {
  key: 'drugs',
  columns: [
    { field: 'name', header: 'Name', value: (d) => d.name },
    { field: 'other_name', header: 'Other name', value: (d) => d.otherName },
    activeColumn(),
    createdColumn(),
  ],
  schema: drugFieldsSchema,
  fields: [{ kind: 'text', name: 'otherName', label: 'Other name' }],
};

/** Drugs: name, other name, active. */
export default function DrugsPage() {
  return <ConfigResourcePage description={drugs} />;
}
