import { limits, messages } from '@dosechain/contract';
import { Alert, Box, Link, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError } from '../../api/http-client.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { afterLoginPath } from '../../auth/guards.tsx';
import { applyServerErrors, toldByGenericToast } from '../../components/form/server-errors.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ProviderSignIn } from './provider-sign-in.tsx';

interface LoginForm {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { login, sessionEnd } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<LoginForm>({
    mode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = async (values: LoginForm) => {
    setError(null);
    try {
      const me = await login(values.username, values.password);
      navigate(afterLoginPath(location.state, me.username), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PASSWORD_EXPIRED') {
        toast.warning(messages.passwordExpired);
        navigate('/change-expired-password', { state: { username: values.username } });
        return;
      }
      // A refusal naming its fields lands on them; a 5xx or no answer already has the generic toast.
      if (applyServerErrors(err, setFieldError, ['username', 'password']) || toldByGenericToast(err)) return;
      setError(err instanceof ApiError ? err.message : messages.unexpectedError);
    }
  };

  return (
    <Paper sx={{ p: 4 }} component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Typography variant="h5" component="h1">
        {messages.productName}
      </Typography>
      <Typography variant="subtitle1" component="p" gutterBottom>
        {messages.appTitle}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Sign in to continue
      </Typography>
      {!error && sessionEnd?.reason === 'expired' && (
        // A lock (a wrong e-signature) says so and until when; any other end, the usual text.
        <Alert severity={sessionEnd.notice ? 'error' : 'info'} sx={{ my: 2 }}>
          {sessionEnd.notice ?? messages.sessionEnded}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      <ProviderSignIn />
      <TextField
        label="Username"
        autoComplete="username"
        autoFocus
        fullWidth
        margin="normal"
        {...register('username', {
          required: messages.required,
          maxLength: { value: limits.usernameMax, message: messages.maxLength(limits.usernameMax) },
        })}
        error={Boolean(formState.errors.username)}
        helperText={formState.errors.username?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
        margin="normal"
        {...register('password', { required: messages.enterPassword })}
        error={Boolean(formState.errors.password)}
        helperText={formState.errors.password?.message}
      />
      <SubmitButton
        isValid={formState.isValid}
        isSubmitting={formState.isSubmitting}
        fullWidth
        sx={{ mt: 2 }}
      >
        SIGN IN
      </SubmitButton>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/reset-password">
          Can't log in?
        </Link>
      </Box>
    </Paper>
  );
}
