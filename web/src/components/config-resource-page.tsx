import {
  type CheckInUseEntity,
  type ConfigResourceKey,
  configResourceOf,
  type NamedRef,
} from '@dosechain/contract';
import { Grid } from '@mui/material';
import type { Control, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { ConfigListPage, type ConfigPermissionArea } from './config-list-page.tsx';
import type { DataTableColumn } from './data-table/data-table.tsx';
import { DecimalField } from './form/decimal-field.tsx';
import { FormSelect } from './form/form-select.tsx';
import { FormTextField } from './form/form-text-field.tsx';
import { LookupSelect } from './form/lookup-select.tsx';
import { NamedRecordDialog } from './form/named-record-dialog.tsx';

interface FieldBase<T> {
  /** The body's field, as the contract's schema names it. */
  name: string;
  label: string;
  required?: boolean;
  /** Its width in the dialog's 12 columns (12 by default). */
  size?: number;
  /** What an edit starts with: the record's field of the same name by default. */
  value?: (record: T) => unknown;
}

/** One field of a configuration entity's form, after its name, described as data. */
export type ConfigField<T> = FieldBase<T> &
  (
    | { kind: 'text' }
    | { kind: 'decimal' }
    | { kind: 'select'; options: readonly { value: string; label: string }[] }
    | {
        kind: 'lookup';
        /** The list endpoint of the records picked, e.g. `/radionuclides`. */
        resource: string;
        /** Only active records are offered (the record's own choice stays shown). */
        activeOnly?: boolean;
        /** The record the field holds on edit, shown even when the lookup does not list it. */
        current: (record: T) => NamedRef | null | undefined;
      }
  );

type Item = { id: number; name?: string; active?: boolean };

/** A configuration entity's screen, as data (`T`: its record): the rest comes from its registry entry. */
export interface ConfigPageDescription<T extends Item> {
  key: ConfigResourceKey;
  /** The list's columns (stable: declared once, at module level). */
  columns: DataTableColumn<T>[];
  /** The contract's editable fields of the entity (its create body without reason and signature). */
  schema: z.ZodObject;
  /** The form's fields after the name, in order. */
  fields?: ConfigField<T>[];
}

/** What a field starts with: the record's value, or nothing on Add. */
function initialValue<T>(field: ConfigField<T>, record: T | undefined): unknown {
  if (field.kind === 'lookup') return (record ? field.current(record)?.id : undefined) ?? null;
  const value = record
    ? (field.value?.(record) ?? (record as Record<string, unknown>)[field.name])
    : undefined;
  return value ?? (field.kind === 'text' || field.kind === 'select' ? '' : null);
}

function FormField<T>({
  field,
  control,
  record,
}: {
  field: ConfigField<T>;
  control: Control<FieldValues>;
  record?: T;
}) {
  const name = field.name as Path<FieldValues>;
  const common = { control, name, label: field.label, required: field.required };
  switch (field.kind) {
    case 'text':
      return <FormTextField {...common} />;
    case 'decimal':
      return <DecimalField {...common} />;
    case 'select':
      return <FormSelect {...common} options={field.options} />;
    case 'lookup': {
      const current = record ? field.current(record) : undefined;
      return (
        <LookupSelect
          {...common}
          resource={field.resource}
          activeOnly={field.activeOnly}
          initial={current ?? undefined}
        />
      );
    }
  }
}

/**
 * The add/edit dialog of a configuration entity: its name (checked for uniqueness where the
 * registry names a `/check-in-use` entity), the described fields, then reason and e-signature.
 */
export function ConfigFormDialog<T extends Item>({
  description,
  record,
  onClose,
}: {
  description: ConfigPageDescription<T>;
  record?: T;
  onClose: () => void;
}) {
  const entry = configResourceOf(description.key);
  const fields = description.fields ?? [];
  const defaults = Object.fromEntries([
    ['name', record?.name ?? ''],
    ...fields.map((f) => [f.name, initialValue(f, record)]),
  ]);
  return (
    <NamedRecordDialog
      entity={entry.label.singular}
      resource={entry.path}
      checkInUse={entry.checkInUse as CheckInUseEntity | undefined}
      schema={description.schema}
      id={record?.id}
      defaults={defaults}
      onClose={onClose}
    >
      {(control) =>
        fields.map((field) => (
          <Grid key={field.name} size={field.size ?? 12}>
            <FormField field={field} control={control as unknown as Control<FieldValues>} record={record} />
          </Grid>
        ))
      }
    </NamedRecordDialog>
  );
}

/** The permission area whose create/update govern the screen's Add, Edit and toggle. */
const areaOf = (key: ConfigResourceKey) =>
  configResourceOf(key).access.read.permissions?.[0]?.split('.')[0] as ConfigPermissionArea;

/**
 * The list screen of a configuration entity (what its `config-page.tsx` exports by default):
 * title, Add, Edit and the active toggle from its registry entry, its columns and form from the
 * description (declared once, at module level).
 */
export function ConfigResourcePage<T extends Item>({
  description,
}: {
  description: ConfigPageDescription<T>;
}) {
  const entry = configResourceOf(description.key);
  return (
    <ConfigListPage<T>
      title={entry.label.plural}
      entity={entry.label.singular}
      resource={entry.path}
      columns={description.columns}
      toggleable={entry.toggleable}
      permissionArea={areaOf(description.key)}
      renderForm={(record, close) => (
        <ConfigFormDialog description={description} record={record} onClose={close} />
      )}
    />
  );
}
