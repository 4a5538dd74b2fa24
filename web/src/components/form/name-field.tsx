import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';
import { inUseProps } from './use-in-use.ts';

/**
 * A record's unique name: required, focused when the dialog opens, and marked 'This value is
 * already used' while another record has it (`useInUse`; the dialog stays unsavable then).
 */
export function NameField<T extends FieldValues>({
  control,
  inUse,
}: {
  control: Control<T>;
  inUse: boolean;
}) {
  return (
    <FormTextField
      control={control}
      name={'name' as Path<T>}
      label="Name"
      required
      autoFocus
      {...inUseProps(inUse)}
    />
  );
}
