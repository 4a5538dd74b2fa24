import { type Exam, messages } from '@dosechain/contract';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { ConfigListPage } from '../config/config-list-page.tsx';
import { RelatedOrdersAction } from '../orders/related-orders-dialog.tsx';
import { EXAMS, ExamFormDialog } from './exam-form-dialog.tsx';

const columns: DataTableColumn<Exam>[] = [
  { field: 'name', header: 'Name', value: (e) => e.name },
  { field: 'drug_name', header: 'Drug', value: (e) => e.drug?.name },
  activeColumn(),
  createdColumn(),
];

export default function ExamsPage() {
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
