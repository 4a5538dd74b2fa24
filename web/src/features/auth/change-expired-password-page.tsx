import { messages, passwordWithConfirmationSchema } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/http-client.ts';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PasswordChangeFields } from '../../components/form/password-change-fields.tsx';
import {
  applyServerErrors,
  showFailureToast,
  toldByGenericToast,
} from '../../components/form/server-errors.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { BackToLogin } from './back-to-login.tsx';
import { expiredPasswordUsername } from './expired-password-path.ts';

const schema = z.intersection(
  z.object({
    username: z.string().trim().min(1, messages.required),
    currentPassword: z.string().min(1, messages.enterPassword),
  }),
  passwordWithConfirmationSchema,
);
type Values = z.input<typeof schema>;

/**
 * A logged-out password change with the current password (`PUT /users/password-change`, username
 * form). Reached from login when the password expired — the username then comes in the
 * navigation state — or directly at `/change-password`, where the user types it.
 */
export default function ChangeExpiredPasswordPage() {
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const knownUsername = expiredPasswordUsername(location.state, location.search);
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<Values>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: {
      username: knownUsername ?? '',
      currentPassword: '',
      password: '',
      passwordConfirmation: '',
    },
  });

  const onSubmit = async (values: Values) => {
    setError(null);
    try {
      await api('PUT', '/users/password-change', {
        body: {
          username: values.username,
          currentPassword: values.currentPassword,
          password: values.password,
        },
      });
      toast.success(messages.passwordUpdated);
      navigate('/login', { replace: true });
    } catch (err) {
      if (applyServerErrors(err, setFieldError, ['password', 'currentPassword'])) return;
      // A 5xx or no answer: the one toast says it, no banner beside it.
      if (toldByGenericToast(err)) return showFailureToast(err, messages.errorChangingPassword);
      setError(err instanceof ApiError && err.status !== 0 ? err.message : messages.errorChangingPassword);
    }
  };

  return (
    <Paper sx={{ p: 4 }} component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Typography variant="h5" component="h1" gutterBottom>
        Change your password
      </Typography>
      {/* Sent here when the password aged during a session (login said so in a toast already). */}
      {knownUsername && !location.state && !error && (
        <Alert severity="warning" sx={{ my: 2 }}>
          {messages.passwordExpired}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      {!knownUsername && (
        <FormTextField control={control} name="username" label="Username" required autoComplete="username" />
      )}
      <PasswordChangeFields control={control} />
      <SubmitButton
        isValid={formState.isValid}
        isSubmitting={formState.isSubmitting}
        fullWidth
        sx={{ mt: 2 }}
      >
        Change Password
      </SubmitButton>
      <BackToLogin />
    </Paper>
  );
}
