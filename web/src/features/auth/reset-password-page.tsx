import { limits, messages, type PasswordRecoveryBody, passwordRecoveryBodySchema } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/http-client.ts';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { BackToLogin } from './back-to-login.tsx';

/** Navigation state of a redirect here from a recovery link that no longer works. */
export interface BrokenLinkState {
  brokenLink?: boolean;
}

/**
 * "Can't log in?": asks for the account's e-mail address and mails a recovery link. The
 * confirmation is the same whether or not the address has an account (the server tells no more).
 */
export default function ResetPasswordPage() {
  const api = useApi();
  const brokenLink = (useLocation().state as BrokenLinkState | null)?.brokenLink === true;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<PasswordRecoveryBody>({
    mode: 'onChange',
    resolver: zodResolver(passwordRecoveryBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: PasswordRecoveryBody) => {
    setError(null);
    try {
      await api('POST', '/users/password-recovery', { body: values });
      setSentTo(values.email);
    } catch (err) {
      if (applyServerErrors(err, setFieldError, ['email'])) return;
      // 429 explains itself; a 5xx or no answer already raised the generic toast.
      setError(err instanceof ApiError && err.status === 429 ? err.message : messages.unexpectedError);
    }
  };

  const backToLogin = <BackToLogin />;

  if (sentTo) {
    return (
      <Paper sx={{ p: 4 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Check your email
        </Typography>
        <Alert severity="success" role="status">
          {messages.recoveryEmailSent(sentTo, limits.recoveryLinkMinutes)}
        </Alert>
        {backToLogin}
      </Paper>
    );
  }

  return (
    <Paper sx={{ p: 4 }} component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Typography variant="h5" component="h1" gutterBottom>
        Recover your password
      </Typography>
      {brokenLink && (
        <Alert severity="warning" sx={{ my: 2 }}>
          {messages.brokenRecoveryLink}
        </Alert>
      )}
      <Typography color="text.secondary" gutterBottom>
        Enter the email address of your account to receive a link for choosing a new password.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
      />
      <SubmitButton
        isValid={formState.isValid}
        isSubmitting={formState.isSubmitting}
        fullWidth
        sx={{ mt: 2 }}
      >
        Send recovery link
      </SubmitButton>
      {backToLogin}
    </Paper>
  );
}
