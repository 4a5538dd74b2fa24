import { messages, passwordWithConfirmationSchema } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/http-client.ts';
import { FullPageSpinner } from '../../auth/guards.tsx';
import { PasswordChangeFields } from '../../components/form/password-change-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { BackToLogin } from './back-to-login.tsx';
import { useResetToken } from './password-reset-api.ts';
import type { BrokenLinkState } from './reset-password-page.tsx';

type Values = z.input<typeof passwordWithConfirmationSchema>;

const brokenLink = (
  <Navigate to="/reset-password" replace state={{ brokenLink: true } satisfies BrokenLinkState} />
);

/**
 * The page a recovery mail links to (`/password-reset?token=…`): checks the token, then asks
 * for the new password. A used, expired or unknown link goes back to /reset-password with
 * the spec's broken-link message.
 */
export default function PasswordResetPage() {
  const api = useApi();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [linkBroke, setLinkBroke] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const validity = useResetToken(token);
  const {
    control,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<Values>({
    mode: 'onChange',
    resolver: zodResolver(passwordWithConfirmationSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  if (!token || linkBroke || validity.data?.valid === false) return brokenLink;
  if (validity.isPending) return <FullPageSpinner />;

  const onSubmit = async (values: Values) => {
    setError(null);
    try {
      await api('PUT', '/users/password-change', { body: { token, password: values.password } });
      toast.success(messages.passwordUpdated);
      navigate('/login', { replace: true });
    } catch (err) {
      // The link stopped working meanwhile (used in another tab, expired while typing).
      if (err instanceof ApiError && err.body.errors.some((e) => e.parameter === 'token')) {
        setLinkBroke(true);
        return;
      }
      if (applyServerErrors(err, setFieldError, ['password', 'passwordConfirmation'])) return;
      setError(err instanceof ApiError && err.status === 429 ? err.message : messages.errorChangingPassword);
    }
  };

  return (
    <Paper sx={{ p: 4 }} component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Typography variant="h5" component="h1" gutterBottom>
        Choose a new password
      </Typography>
      {(validity.isError || error) && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error ?? messages.unexpectedError}
        </Alert>
      )}
      <PasswordChangeFields control={control} withCurrentPassword={false} />
      <SubmitButton
        isValid={formState.isValid && validity.isSuccess}
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
