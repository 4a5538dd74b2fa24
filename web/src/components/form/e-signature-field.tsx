import { messages } from '@dosechain/contract';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useAppSettings } from '../../api/app-config.ts';
import { useOptionalAuth } from '../../auth/auth-context.tsx';
import { FormTextField } from './form-text-field.tsx';
import { ProviderSignatureField } from './provider-signature-field.tsx';

/**
 * The e-signature, asked for when the deployment has e-signature on: the user's password, or a
 * re-authentication at the organisation's identity provider for a user linked to it.
 */
export function ESignatureField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  const settings = useAppSettings();
  const user = useOptionalAuth()?.user;
  if (!settings.data?.eSignature) return null;
  const oidc = settings.data.oidc;
  if (oidc && user?.signsWithIdentityProvider) {
    return <ProviderSignatureField control={control} name={name} buttonLabel={oidc.buttonLabel} />;
  }
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
