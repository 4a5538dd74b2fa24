import {
  type AccessRequirement,
  type AuditEntityType,
  type Availability,
  auditReadRequirements,
  type Company,
  type ConfigResourceKey,
  configResourceKeys,
  configResourceOf,
  configResources,
  type Drug,
  type Exam,
  type MailLogEntry,
  mailStatuses,
  mailStatusLabels,
  type Order,
  orderStatuses,
  orderStatusLabels,
  type Study,
  type User,
} from '@dosechain/contract';
import { activeColumn, createdColumn } from '../../components/data-table/common-columns.ts';
import type { DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCell } from '../../components/data-table/format.ts';

/** An entity type of the audit trail, as data: its records' list and how its history reads. */
export interface AuditEntity<T extends AuditRecord = AuditRecord> {
  /** The audit trail's entity type: the resource's path name. */
  entityType: AuditEntityType;
  /** As the entity-type choice shows it (spec section 2, Audit trail). */
  label: string;
  /** The list endpoint of its records. */
  resource: string;
  /** Stable: the table re-renders on every new array. */
  columns: DataTableColumn<T>[];
  /** The read permission its records and history need. */
  requirement: AccessRequirement;
  /** How a record is named in the history's title. */
  recordName: (record: T) => string;
  /** Labels of stored field names where the words of the name are not enough. */
  fieldLabels?: Record<string, string>;
}

export interface AuditRecord {
  id: number;
}

const statusLabel = { active: 'Status' };

/**
 * Keeps each descriptor's row type while the list holds them side by side; the read requirement
 * is the contract's, the same the server checks (`auditReadRequirements`).
 */
const entity = <T extends AuditRecord>(descriptor: Omit<AuditEntity<T>, 'requirement'>) =>
  ({ ...descriptor, requirement: auditReadRequirements[descriptor.entityType] }) as unknown as AuditEntity;

const companyColumns: DataTableColumn<Company>[] = [
  { field: 'name', header: 'Name', value: (c) => c.name },
  { field: 'city', header: 'City', value: (c) => c.address?.city },
  { field: 'country', header: 'Country', value: (c) => c.address?.country },
  createdColumn(),
];
const company = (entityType: 'cmos' | 'clinical-sites' | 'imaging-centers', label: string) =>
  entity<Company>({
    entityType,
    label,
    resource: configResources[entityType].path,
    columns: companyColumns,
    recordName: (c) => c.name,
    fieldLabels: { phoneNumber: 'Phone' },
  });

/**
 * A configuration entity's records as the audit trail lists them when it needs nothing of its
 * own: Name, Status (where it can be inactivated), Created; its registry entry's plural as the
 * label, its path as the list, its name in the history's title.
 */
export function registryAuditEntity(key: ConfigResourceKey): AuditEntity {
  const entry = configResourceOf(key);
  type Named = { id: number; name: string; active: boolean; createdAt: string };
  return entity<Named>({
    entityType: key,
    label: entry.label.plural,
    resource: entry.path,
    columns: [
      { field: 'name', header: 'Name', value: (r) => r.name },
      ...(entry.toggleable ? [activeColumn<Named>()] : []),
      createdColumn<Named>(),
    ],
    recordName: (r) => r.name,
    ...(entry.toggleable ? { fieldLabels: statusLabel } : {}),
  });
}

/** The entity types whose lists show more than a name (or whose label the spec writes otherwise). */
const ownEntities: AuditEntity[] = [
  entity<Availability>({
    entityType: 'drug-availabilities',
    label: 'Availabilities',
    resource: '/drug-availabilities',
    columns: [
      { field: 'id', header: '#', value: (a) => a.id, filter: false },
      { field: 'drug_name', header: 'Drug', value: (a) => a.drug?.name },
      { field: 'cmo_name', header: 'CMO', value: (a) => a.cmo?.name },
      {
        field: 'valid_from',
        header: 'Valid',
        value: (a) => `${formatCell('date', a.validFrom)} – ${formatCell('date', a.validUntil)}`,
        filter: 'date-range',
      },
      activeColumn(),
      createdColumn(),
    ],
    recordName: (a) => `${a.drug?.name ?? ''} (${a.cmo?.name ?? ''}) #${a.id}`,
    fieldLabels: { ...statusLabel, cmo: 'CMO' },
  }),
  company('clinical-sites', 'Clinical Site'),
  company('cmos', 'CMO'),
  entity<Drug>({
    entityType: 'drugs',
    label: 'Drugs',
    resource: configResources.drugs.path,
    columns: [
      { field: 'name', header: 'Name', value: (d) => d.name },
      { field: 'other_name', header: 'Other name', value: (d) => d.otherName },
      activeColumn(),
      createdColumn(),
    ],
    recordName: (d) => d.name,
    fieldLabels: statusLabel,
  }),
  entity<Exam>({
    entityType: 'exams',
    label: 'Exams',
    resource: configResources.exams.path,
    columns: [
      { field: 'name', header: 'Name', value: (e) => e.name },
      { field: 'drug_name', header: 'Drug', value: (e) => e.drug?.name },
      activeColumn(),
      createdColumn(),
    ],
    recordName: (e) => `${e.name} (${e.drug?.name ?? ''})`,
    fieldLabels: statusLabel,
  }),
  company('imaging-centers', 'Imaging Center'),
  entity<Order>({
    entityType: 'orders',
    label: 'Orders',
    resource: '/orders',
    columns: [
      { field: 'number', header: 'Order #', value: (o) => o.number },
      { field: 'study_name', header: 'Study', value: (o) => o.study?.name },
      { field: 'site_name', header: 'Clinical Site', value: (o) => o.site?.name },
      { field: 'subject_id', header: 'Subject', value: (o) => o.subjectId },
      {
        field: 'status',
        header: 'Status',
        value: (o) => (o.status ? orderStatusLabels[o.status] : ''),
        filter: 'select',
        options: orderStatuses.map((s) => ({ value: s, label: orderStatusLabels[s] })),
      },
      createdColumn(),
    ],
    recordName: (o) => `Order ${o.number}`,
    fieldLabels: { cmo: 'CMO', timePoint: 'Timepoint', subjectId: 'Subject' },
  }),
  // The notification log's mails (issue 22): their history is their resends.
  entity<MailLogEntry>({
    entityType: 'mails',
    label: 'Mails',
    resource: '/mails',
    columns: [
      { field: 'subject', header: 'Subject', value: (m) => m.subject },
      { field: 'recipients', header: 'Recipients', value: (m) => m.recipients, type: 'list' },
      {
        field: 'status',
        header: 'Status',
        value: (m) => (m.status ? mailStatusLabels[m.status] : ''),
        filter: 'select',
        options: mailStatuses.map((s) => ({ value: s, label: mailStatusLabels[s] })),
      },
      createdColumn(),
    ],
    recordName: (m) => `Mail ${m.subject}`,
    fieldLabels: { lastError: 'Last error' },
  }),
  entity<Study>({
    entityType: 'studies',
    label: 'Studies',
    resource: configResources.studies.path,
    columns: [
      { field: 'name', header: 'Name', value: (s) => s.name },
      { field: 'sponsor', header: 'Sponsor', value: (s) => s.sponsor },
      activeColumn(),
      createdColumn(),
    ],
    recordName: (s) => s.name,
    fieldLabels: statusLabel,
  }),
  entity<User>({
    entityType: 'users',
    label: 'Users',
    resource: configResources.users.path,
    columns: [
      { field: 'username', header: 'Username', value: (u) => u.username },
      { field: 'full_name', header: 'Full name', value: (u) => u.fullName },
      { field: 'email', header: 'Email', value: (u) => u.email },
      activeColumn(),
      createdColumn(),
    ],
    recordName: (u) => `${u.fullName} (${u.username})`,
    fieldLabels: {
      ...statusLabel,
      lockedOut: 'Locked',
      lockedUntil: 'Locked until',
      failedLoginCount: 'Failed logins',
      isStaff: 'Staff',
      isAdmin: 'Admin',
    },
  }),
];

const byLabel = (a: AuditEntity, b: AuditEntity) => a.label.localeCompare(b.label);

/**
 * The audit trail's entity types in the spec's order, which is by label (spec section 2, Audit
 * trail): those above, and every other configuration entity of the registry as
 * `registryAuditEntity` lists it.
 */
export const auditEntities: AuditEntity[] = [
  ...ownEntities,
  ...configResourceKeys
    .filter((key) => !ownEntities.some((e) => e.entityType === key))
    .map(registryAuditEntity),
].sort(byLabel);
