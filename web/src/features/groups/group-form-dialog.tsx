import { emptyPermissions, type Group, groupFieldsSchema, type User } from '@dosechain/contract';
import { Grid, Typography } from '@mui/material';
import { LookupMultiSelect } from '../../components/form/multi-select.tsx';
import { NamedRecordDialog } from '../../components/form/named-record-dialog.tsx';
import { USERS, userLabel } from '../../components/users/user-choices.ts';
import { PermissionMatrix } from './permission-matrix.tsx';

export const GROUPS = '/groups';

/**
 * Add (no group) or edit a group: name (unique), members and the permission matrix. The
 * server's refusals that would leave nobody able to manage users are shown with its message.
 */
export function GroupFormDialog({ group, onClose }: { group?: Group; onClose: () => void }) {
  return (
    <NamedRecordDialog
      entity="Group"
      resource={GROUPS}
      checkInUse="group"
      schema={groupFieldsSchema}
      id={group?.id}
      defaults={{
        name: group?.name ?? '',
        permissions: group?.permissions ?? emptyPermissions(),
        userIds: group?.users.map((u) => u.id) ?? [],
      }}
      onClose={onClose}
      maxWidth="md"
    >
      {(control) => (
        <>
          <Grid size={12}>
            <LookupMultiSelect
              control={control}
              name="userIds"
              label="Users"
              resource={USERS}
              sort="username"
              optionLabel={(u: User) => userLabel(u)}
              initial={(group?.users ?? []).map((u) => ({ value: u.id, label: userLabel(u) }))}
            />
          </Grid>
          <Grid size={12} sx={{ mt: 2 }}>
            <Typography variant="subtitle1" component="h3">
              Permissions
            </Typography>
            <PermissionMatrix control={control} name="permissions" />
          </Grid>
        </>
      )}
    </NamedRecordDialog>
  );
}
