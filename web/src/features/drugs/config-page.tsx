import { configResources, type Drug, drugFieldsSchema } from '@dosechain/contract';
import { type ConfigPageDescription, ConfigResourcePage } from '../../components/config-resource-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';

const drugs: ConfigPageDescription<Drug> = {
  key: 'drugs',
  columns: [
    { field: 'name', header: 'Name', value: (d) => d.name },
    { field: 'other_name', header: 'Other name', value: (d) => d.otherName },
    { field: 'radionuclide_name', header: 'Radionuclide', value: (d) => d.radionuclide?.name },
    activeColumn(),
    createdColumn(),
  ],
  schema: drugFieldsSchema,
  fields: [
    { kind: 'text', name: 'otherName', label: 'Other name' },
    {
      // Optional: a drug that is not radioactive has none. Active ones are offered, by name.
      kind: 'lookup',
      name: 'radionuclideId',
      label: 'Radionuclide',
      resource: configResources.radionuclides.path,
      activeOnly: true,
      current: (d) => d.radionuclide,
    },
  ],
};

/** Drugs: name, other name, radionuclide, active. */
export default function DrugsPage() {
  return <ConfigResourcePage description={drugs} />;
}
