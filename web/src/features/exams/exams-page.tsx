import { type Exam, messages } from '@dosechain/contract';
import { EXAMS } from '../../api/resources.ts';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import type { RelatedOrdersSlot } from '../../components/related-orders-slot.ts';
import { ExamFormDialog } from './exam-form-dialog.tsx';

const columns: DataTableColumn<Exam>[] = [
  { field: 'name', header: 'Name', value: (e) => e.name },
  { field: 'drug_name', header: 'Drug', value: (e) => e.drug?.name },
  activeColumn(),
  createdColumn(),
];

/** The Exams screen; app/ passes in the orders feature's View Related Orders. */
export default function ExamsPage({ RelatedOrdersAction }: { RelatedOrdersAction: RelatedOrdersSlot }) {
  return (
    <ConfigListPage<Exam>
      title="Exams"
      entity="Exam"
      resource={EXAMS}
      columns={columns}
      toggleable
      rowActions={(exam) => (
        <RelatedOrdersAction title={exam.name} filter={{ field: 'exam_id', op: 'eq', value: exam.id }} />
      )}
      toggleFailure={messages.errorUpdatingExam}
      renderForm={(exam, close) => <ExamFormDialog exam={exam} onClose={close} />}
    />
  );
}
