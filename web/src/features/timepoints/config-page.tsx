import { type Timepoint, timepointFieldsSchema } from '@dosechain/contract';
import { type ConfigPageDescription, ConfigResourcePage } from '../../components/config-resource-page.tsx';
import { createdColumn } from '../../components/data-table/common-columns.ts';

const timepoints: ConfigPageDescription<Timepoint> = {
  key: 'timepoints',
  columns: [{ field: 'name', header: 'Name', value: (tp) => tp.name }, createdColumn()],
  schema: timepointFieldsSchema,
};

/** Timepoints: a name each, renamed but never inactivated. */
export default function TimepointsPage() {
  return <ConfigResourcePage description={timepoints} />;
}
