import { messages } from '@dosechain/contract';
import { Typography } from '@mui/material';
import type { Control } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';

export interface PasswordChangeValues {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/** The policy and the three fields every password change asks for: current, new, confirmation. */
export function PasswordChangeFields({ control }: { control: Control<PasswordChangeValues> }) {
  return (
    <>
      <Typography color="text.secondary">{messages.passwordPolicy}</Typography>
      <FormTextField
        control={control}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <FormTextField
        control={control}
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={control}
        name="passwordConfirmation"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
