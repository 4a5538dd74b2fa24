import { messages, ownPasswordChangeBodySchema } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/http-client.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { PasswordChangeFields } from '../../components/form/password-change-fields.tsx';
import { applyServerErrors, showFailureToast } from '../../components/form/server-errors.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';

type Values = z.input<typeof ownPasswordChangeBodySchema>;

/**
 * Change Password for a logged-in user. The server ends every session on a password change,
 * so the page signs in again with the new password and keeps the active role.
 */
export default function ChangePasswordPage() {
  const api = useApi();
  const { user, login, switchRole } = useAuth();
  const navigate = useNavigate();
  const { control, handleSubmit, formState, setError } = useForm<Values>({
    mode: 'onChange',
    resolver: zodResolver(ownPasswordChangeBodySchema),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  if (!user) return null;

  const onSubmit = async (values: Values) => {
    try {
      await api('PUT', '/users/me/password', { body: values });
    } catch (err) {
      // A wrong current password lands on its field; a paced account (TOO_MANY_ATTEMPTS: wait a
      // minute) is told there too. Every failure also gets the spec's toast, one only.
      const placed = applyServerErrors(err, setError, [
        'password',
        'passwordConfirmation',
        'currentPassword',
      ]);
      if (!placed && err instanceof ApiError && err.code === 'TOO_MANY_ATTEMPTS')
        setError('currentPassword', { type: 'server', message: err.message });
      // The attempt that locks ends the session: the login it leads to says so, and the toasts of
      // the attempts before it go with the page.
      const locked = err instanceof ApiError && err.body.errors.some((e) => e.code === 'USER_LOCKED');
      if (locked) toast.dismiss(messages.errorChangingPassword);
      else showFailureToast(err, messages.errorChangingPassword);
      return;
    }
    const roleId = user.currentRole?.id ?? null;
    const me = await login(user.username, values.password);
    if (roleId !== null && me.currentRole?.id !== roleId) await switchRole(roleId);
    toast.success(messages.passwordUpdated);
    navigate('/');
  };

  return (
    <Paper sx={{ p: 3, maxWidth: 520 }} component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Typography variant="h4" component="h1" gutterBottom>
        Change Password
      </Typography>
      <PasswordChangeFields control={control} />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <SubmitButton isValid={formState.isValid} isSubmitting={formState.isSubmitting}>
          Change Password
        </SubmitButton>
        <Box>
          <Button component={Link} to="/">
            Cancel
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
