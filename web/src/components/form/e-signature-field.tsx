import { messages } from '@dosechain/contract';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useAppSettings } from '../../api/app-config.ts';
import { FormTextField } from './form-text-field.tsx';

/** The e-signature: the user's password, asked for when the deployment has e-signature on. */
export function ESignatureField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  const settings = useAppSettings();
  if (!settings.data?.eSignature) return null;
  return (
    <FormTextField
      control={control}
      name={name}
      label={messages.eSignatureLabel}
      type="password"
      autoComplete="current-password"
      required
      // The label is a sentence; the dialog's list of what is missing names it shortly.
      slotProps={{ htmlInput: { 'data-issue-label': 'Password (e-signature)' } }}
    />
  );
}

/** Whether the form must carry an e-signature before it may be sent. */
export function useESignatureRequired(): boolean {
  return useAppSettings().data?.eSignature ?? true;
}
