import type { CheckInUseEntity } from '@dosechain/contract';
import { type DialogProps, Grid } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, type DefaultValues, type Path, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from './form-dialog.tsx';
import { NameField } from './name-field.tsx';
import { SignedChangeFields } from './signed-change-fields.tsx';
import { type emptySignature, type SignedInput, type SignedOutput, useSignedForm } from './signed-form.ts';
import { useInUse } from './use-in-use.ts';
import { useRecordSubmit } from './use-record-submit.ts';

/**
 * 'Add <entity>' (no id) or 'Edit <entity>' of a record with a unique name: the contract's
 * fields, the name first (it may not be one another record has), the record's own fields from
 * `children`, then the reason and the e-signature. Saves through `useRecordSubmit`.
 */
export function NamedRecordDialog<S extends z.ZodRawShape>({
  entity,
  resource,
  checkInUse,
  schema,
  id,
  defaults,
  onClose,
  loading,
  maxWidth,
  children,
}: {
  /** The singular of the title and texts, e.g. 'Drug'. */
  entity: string;
  resource: string;
  /** The entity the name's uniqueness is checked as; none for a name unique only within something else. */
  checkInUse?: CheckInUseEntity;
  /** The contract's fields of the record, a `name` among them. */
  schema: z.ZodObject<S>;
  id?: number;
  defaults: Omit<DefaultValues<SignedInput<S>>, keyof typeof emptySignature>;
  onClose: () => void;
  loading?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  /** The fields after the name. */
  children?: (control: Control<SignedInput<S>, unknown, SignedOutput<S>>) => ReactNode;
}) {
  const { control, schema: formSchema, handleSubmit, formState, setError } = useSignedForm(schema, defaults);
  // The same control; TypeScript cannot relate a generic form's submitted values to its own.
  const fieldsControl = control as unknown as Control<SignedInput<S>>;
  const name = useWatch({ control, name: 'name' as Path<SignedInput<S>> }) as string | undefined;
  const nameInUse = useInUse(checkInUse, 'name', name, id);
  const onSubmit = useRecordSubmit({
    resource,
    id,
    entity,
    setError,
    fields: [...Object.keys(schema.shape), 'reasonForChange', 'electronicSignature'],
    onSaved: onClose,
  });
  return (
    <FormDialog
      title={`${id === undefined ? 'Add' : 'Edit'} ${entity}`}
      onClose={onClose}
      control={control}
      schema={formSchema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !nameInUse}
      isSubmitting={formState.isSubmitting}
      loading={loading}
      maxWidth={maxWidth}
    >
      <Grid size={12}>
        <NameField control={fieldsControl} inUse={nameInUse} />
      </Grid>
      {children?.(control)}
      <SignedChangeFields control={fieldsControl} />
    </FormDialog>
  );
}
