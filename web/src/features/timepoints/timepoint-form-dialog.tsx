import { type Timepoint, timepointFieldsSchema } from '@dosechain/contract';
import { NamedRecordDialog } from '../../components/form/named-record-dialog.tsx';

export const TIMEPOINTS = '/timepoints';

/** Add (no timepoint) or rename a timepoint. */
export function TimepointFormDialog({ timepoint, onClose }: { timepoint?: Timepoint; onClose: () => void }) {
  return (
    <NamedRecordDialog
      entity="Timepoint"
      resource={TIMEPOINTS}
      checkInUse="timepoint"
      schema={timepointFieldsSchema}
      id={timepoint?.id}
      defaults={{ name: timepoint?.name ?? '' }}
      onClose={onClose}
    />
  );
}
