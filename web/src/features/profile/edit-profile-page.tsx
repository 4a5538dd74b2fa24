import { type MeUser, messages, mutationMeta, profileFieldsSchema } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useApi } from '../../api/api-context.tsx';
import { useAuth } from '../../auth/auth-context.tsx';
import { useESignatureRequired } from '../../components/form/e-signature-field.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { callingCodeOnlyToNull, PhoneField } from '../../components/form/phone-field.tsx';
import { applyServerErrors, showFailureToast } from '../../components/form/server-errors.ts';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useInUse } from '../../components/form/use-in-use.ts';
import { useLeaveGuard } from '../../components/leave-guard/leave-guard-provider.tsx';
import { leavePageQuestion } from '../../components/leave-guard/leave-questions.ts';

const profileFormSchema = (eSignature: boolean) =>
  profileFieldsSchema.extend({
    phone: z.preprocess(callingCodeOnlyToNull, profileFieldsSchema.shape.phone),
    reasonForChange: mutationMeta.reasonForChange,
    electronicSignature: eSignature ? z.string().min(1, messages.enterPassword) : z.string().optional(),
  });
type Input = z.input<ReturnType<typeof profileFormSchema>>;
type Output = z.output<ReturnType<typeof profileFormSchema>>;
const fields = [
  'firstName',
  'lastName',
  'commonName',
  'email',
  'phone',
  'reasonForChange',
  'electronicSignature',
];

const toValues = (u: MeUser): Input => ({
  firstName: u.firstName,
  lastName: u.lastName,
  commonName: u.commonName ?? '',
  email: u.email,
  phone: u.phone,
  reasonForChange: '',
  electronicSignature: '',
});

/**
 * Edit Profile: the current user's names, e-mail and phone, with reason and signature. Leaving
 * with unsaved changes asks first; Cancel drops them and goes back where the user came from.
 */
export default function EditProfilePage() {
  const api = useApi();
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const eSignature = useESignatureRequired();
  const schema = useMemo(() => profileFormSchema(eSignature), [eSignature]);
  const { control, handleSubmit, formState, setError, watch } = useForm<Input, unknown, Output>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: user ? toValues(user) : undefined,
  });
  const emailInUse = useInUse('user', 'email', watch('email'), user?.id);
  const release = useLeaveGuard(formState.isDirty, leavePageQuestion('your profile'));
  const location = useLocation();
  if (!user) return null;

  const cancel = () => {
    release();
    // Opened straight from the address bar, there is no page of the app to go back to.
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  };

  const onSubmit = async (values: Output) => {
    if (emailInUse) return;
    try {
      await api('PUT', '/users/me', { body: values });
      await refreshUser();
      toast.success(messages.profileUpdated);
      release();
      navigate('/');
    } catch (err) {
      if (!applyServerErrors(err, setError, fields)) showFailureToast(err, messages.errorUpdatingProfile);
    }
  };

  return (
    <Paper sx={{ p: 3, maxWidth: 720 }} component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <Typography variant="h4" component="h1" gutterBottom>
        Edit Profile
      </Typography>
      <Typography color="text.secondary">Username: {user.username}</Typography>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="firstName" label="First name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="lastName" label="Last name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="commonName" label="Common name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="email"
            label="Email"
            required
            error={emailInUse || undefined}
            helperText={emailInUse ? messages.alreadyUsed : undefined}
          />
        </Grid>
        <Grid size={12}>
          <PhoneField control={control} name="phone" />
        </Grid>
        <SignedChangeFields control={control} />
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <SubmitButton isValid={formState.isValid && !emailInUse} isSubmitting={formState.isSubmitting}>
          Save
        </SubmitButton>
        <Button onClick={cancel}>Cancel</Button>
      </Stack>
    </Paper>
  );
}
