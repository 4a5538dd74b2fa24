import {
  formatHalfLife,
  halfLifeUnitLabels,
  halfLifeUnits,
  type Radionuclide,
  radionuclideFieldsSchema,
} from '@dosechain/contract';
import { type ConfigPageDescription, ConfigResourcePage } from '../../components/config-resource-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';

const radionuclides: ConfigPageDescription<Radionuclide> = {
  key: 'radionuclides',
  columns: [
    { field: 'name', header: 'Name', value: (r) => r.name },
    {
      // Sorted by the duration, whatever the unit; shown as given ("109.77 min").
      field: 'half_life',
      header: 'Half-life',
      value: (r) => r.halfLife,
      text: (r) => formatHalfLife(r.halfLife, r.halfLifeUnit),
      filter: false,
    },
    activeColumn(),
    createdColumn(),
  ],
  schema: radionuclideFieldsSchema,
  fields: [
    { kind: 'decimal', name: 'halfLife', label: 'Half-life', required: true, size: 7 },
    {
      kind: 'select',
      name: 'halfLifeUnit',
      label: 'Unit',
      required: true,
      size: 5,
      options: halfLifeUnits.map((u) => ({ value: u, label: `${u} (${halfLifeUnitLabels[u]})` })),
    },
  ],
};

/** Radionuclides: name, half-life with its unit, active. */
export default function RadionuclidesPage() {
  return <ConfigResourcePage description={radionuclides} />;
}
