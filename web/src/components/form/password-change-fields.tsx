import { messages } from '@dosechain/contract';
import { Typography } from '@mui/material';
import type { Control, Path } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';

/** The new password and its confirmation, as every password form asks for them. */
export interface NewPasswordValues {
  password: string;
  passwordConfirmation: string;
}

export interface PasswordChangeValues extends NewPasswordValues {
  currentPassword: string;
}

/**
 * The policy and the fields of a password change: current (unless `withCurrentPassword` is
 * false, as on the recovery link's page), new, confirmation.
 */
export function PasswordChangeFields<T extends NewPasswordValues>({
  control,
  withCurrentPassword = true,
}: {
  control: Control<T>;
  withCurrentPassword?: boolean;
}) {
  return (
    <>
      <Typography color="text.secondary">{messages.passwordPolicy}</Typography>
      {withCurrentPassword && (
        <FormTextField
          control={control}
          name={'currentPassword' as Path<T>}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
      )}
      <FormTextField
        control={control}
        name={'password' as Path<T>}
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        control={control}
        name={'passwordConfirmation' as Path<T>}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
