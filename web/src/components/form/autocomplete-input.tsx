import { type AutocompleteRenderInputParams, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import type { ControllerFieldState, RefCallBack } from 'react-hook-form';

export interface AutocompleteInputOptions {
  label: string;
  required?: boolean;
  placeholder?: string;
  /** Shown under the field while it has no error. */
  helperText?: ReactNode;
  /** The input's slots, made from Autocomplete's own (a spinner while searching). */
  slotProps?: (params: AutocompleteRenderInputParams) => TextFieldProps['slotProps'];
}

/**
 * The `renderInput` of a form's Autocomplete: its text field, bound to the form field's name and
 * ref, labelled, with the field's error (else `helperText`) under it.
 */
export function autocompleteInput(
  field: { name: string; ref: RefCallBack },
  fieldState: Pick<ControllerFieldState, 'error'>,
  { label, required, placeholder, helperText, slotProps }: AutocompleteInputOptions,
) {
  return (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      inputRef={field.ref}
      name={field.name}
      label={label}
      required={required}
      margin="dense"
      placeholder={placeholder}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      {...(slotProps && { slotProps: slotProps(params) })}
    />
  );
}
