import { emptyPermissions, type Group, groupFieldsSchema } from '@dosechain/contract';
import { Grid, Typography } from '@mui/material';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { MultiSelect } from '../../components/form/multi-select.tsx';
import { NameField } from '../../components/form/name-field.tsx';
import { SignedChangeFields } from '../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../components/form/signed-form.ts';
import { useInUse } from '../../components/form/use-in-use.ts';
import { useRecordSubmit } from '../../components/form/use-record-submit.ts';
import { useUserChoices } from '../users/user-choices.ts';
import { PermissionMatrix } from './permission-matrix.tsx';

export const GROUPS = '/groups';

const fields = ['name', 'permissions', 'userIds', 'reasonForChange', 'electronicSignature'];

/**
 * Add (no group) or edit a group: name (unique), members and the permission matrix. The
 * server's refusals that would leave nobody able to manage users are shown with its message.
 */
export function GroupFormDialog({ group, onClose }: { group?: Group; onClose: () => void }) {
  const { control, handleSubmit, formState, setError, watch } = useSignedForm(groupFieldsSchema, {
    name: group?.name ?? '',
    permissions: group?.permissions ?? emptyPermissions(),
    userIds: group?.users.map((u) => u.id) ?? [],
  });
  const nameInUse = useInUse('group', 'name', watch('name'), group?.id);
  const users = useUserChoices();
  const onSubmit = useRecordSubmit({
    resource: GROUPS,
    id: group?.id,
    entity: 'Group',
    setError,
    fields,
    onSaved: onClose,
  });
  return (
    <FormDialog
      title={group ? 'Edit Group' : 'Add Group'}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid && !nameInUse}
      isSubmitting={formState.isSubmitting}
      loading={users.loading}
      maxWidth="md"
    >
      <Grid size={12}>
        <NameField control={control} inUse={nameInUse} />
      </Grid>
      <Grid size={12}>
        <MultiSelect control={control} name="userIds" label="Users" choices={users.choices} />
      </Grid>
      <Grid size={12} sx={{ mt: 2 }}>
        <Typography variant="subtitle1" component="h3">
          Permissions
        </Typography>
        <PermissionMatrix control={control} name="permissions" />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
