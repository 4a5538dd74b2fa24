import { type Group, messages, oidcMessages, type User } from '@dosechain/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, Typography } from '@mui/material';
import { useMemo } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useAppSettings } from '../../api/app-config.ts';
import { useESignatureRequired } from '../../components/form/e-signature-field.tsx';
import { FormCheckbox } from '../../components/form/form-checkbox.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { LookupMultiSelect } from '../../components/form/multi-select.tsx';
import { callingCodeOnlyToNull, PhoneField } from '../../components/form/phone-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { emptySignature } from '../../components/form/signed-form.ts';
import { inUseProps, useInUse } from '../../components/form/use-in-use.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';
import { USERS } from '../../components/users/user-choices.ts';
import { GROUPS, groupLabel } from './group-choices.ts';
import { RolesEditor } from './roles-editor.tsx';
import { type UserFormValues, userFormSchema } from './user-form-schema.ts';

const fields = [
  'username',
  'firstName',
  'lastName',
  'commonName',
  'email',
  'phone',
  'password',
  'isStaff',
  'isAdmin',
  'siteCoordinator',
  'primaryInvestigator',
  'imagingCenterContact',
  'organisationOnly',
  'groupIds',
  'roles',
  'reasonForChange',
  'electronicSignature',
];

function defaults(user: User | undefined): UserFormValues {
  return {
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    commonName: user?.commonName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? null,
    password: '',
    passwordConfirmation: '',
    isStaff: user?.isStaff ?? false,
    isAdmin: user?.isAdmin ?? false,
    siteCoordinator: user?.siteCoordinator ?? false,
    primaryInvestigator: user?.primaryInvestigator ?? false,
    imagingCenterContact: user?.imagingCenterContact ?? false,
    organisationOnly: user?.organisationOnly ?? false,
    groupIds: user?.groups.map((g) => g.id) ?? [],
    roles: user?.roles.map((r) => ({ type: r.type, companyId: r.companyId })) ?? [],
    ...emptySignature,
  };
}

/**
 * Add (no user) or edit a user: identity and contact, the first password (add only), staff and
 * admin flags, groups, roles with their companies, and the flags that only clinical-site or
 * imaging-center users have (shown only then).
 */
export function UserFormDialog({ user, onClose }: { user?: User; onClose: () => void }) {
  const eSignature = useESignatureRequired();
  const settings = useAppSettings();
  const schema = useMemo(() => userFormSchema(!user, eSignature), [user, eSignature]);
  const { control, handleSubmit, formState, setError, setValue } = useForm<UserFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: defaults(user),
  });
  const [username, email, roles] = useWatch({ control, name: ['username', 'email', 'roles'] });
  const usernameInUse = useInUse('user', 'username', username, user?.id);
  const emailInUse = useInUse('user', 'email', email, user?.id);
  const initialCompanies = useMemo(
    () =>
      new Map((user?.roles ?? []).flatMap((r) => (r.companyId ? [[r.companyId, r.companyName ?? '']] : []))),
    [user],
  );
  const isSiteUser = (roles ?? []).some((r) => r.type === 'clinical_site');
  const isImagingUser = (roles ?? []).some((r) => r.type === 'imaging_center');

  const onSubmit = useRecordSubmit({
    resource: USERS,
    id: user?.id,
    entity: 'User',
    setError,
    fields,
    onSaved: onClose,
    toBody: ({ password, passwordConfirmation: _confirmation, ...rest }: UserFormValues) => ({
      ...rest,
      phone: callingCodeOnlyToNull(rest.phone),
      // Flags a user's roles do not allow are cleared rather than refused.
      siteCoordinator: isSiteUser && rest.siteCoordinator,
      primaryInvestigator: isSiteUser && rest.primaryInvestigator,
      imagingCenterContact: isImagingUser && rest.imagingCenterContact,
      ...(user ? {} : { password }),
    }),
  });

  return (
    <FormDialog
      title={user ? 'Edit User' : 'Add User'}
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !usernameInUse && !emailInUse}
      isSubmitting={formState.isSubmitting}
      maxWidth="md"
    >
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="username"
          label="Username"
          required
          autoFocus
          autoComplete="off"
          {...inUseProps(usernameInUse)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="off"
          {...inUseProps(emailInUse)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="firstName" label="First name" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="lastName" label="Last name" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField control={control} name="commonName" label="Common name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PhoneField control={control} name="phone" />
      </Grid>
      {!user && (
        <>
          <Grid size={12}>
            <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
              {`${messages.passwordPolicy}. The user chooses a new password at the first login.`}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="password"
              label="Password"
              type="password"
              required
              autoComplete="new-password"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="passwordConfirmation"
              label="Confirm password"
              type="password"
              required
              autoComplete="new-password"
            />
          </Grid>
        </>
      )}
      <Grid size={12}>
        <LookupMultiSelect
          control={control}
          name="groupIds"
          label="Groups"
          resource={GROUPS}
          optionLabel={(g: Group) => groupLabel(g)}
          initial={(user?.groups ?? []).map((g) => ({ value: g.id, label: groupLabel(g) }))}
        />
      </Grid>
      <Grid size={12}>
        <FormCheckbox control={control} name="isStaff" label="Staff" />
        <FormCheckbox control={control} name="isAdmin" label="Admin" />
        {isSiteUser && (
          <>
            <FormCheckbox control={control} name="siteCoordinator" label="Site coordinator" />
            <FormCheckbox control={control} name="primaryInvestigator" label="Primary investigator" />
          </>
        )}
        {isImagingUser && (
          <FormCheckbox control={control} name="imagingCenterContact" label="Imaging center contact" />
        )}
        {settings.data?.oidc && (
          <FormCheckbox
            control={control}
            name="organisationOnly"
            label={oidcMessages.organisationOnlyLabel}
          />
        )}
      </Grid>
      <Grid size={12}>
        <RolesEditor control={control} setValue={setValue} initialCompanies={initialCompanies} />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
