import type { User } from '@dosechain/contract';
import { LockOpen } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Can } from '../../auth/can.tsx';
import { ConfigListPage } from '../../components/config-list-page.tsx';
import { USERS } from '../../components/users/user-choices.ts';
import { userColumns } from '../../components/users/user-columns.ts';
import { UnlockUserDialog } from './unlock-user-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';

const byUsername = [{ id: 'username', desc: false }];
const usernameOf = (u: User) => u.username;

/** User Management › Users: list, add, edit, activate / inactivate, and Unlock for locked users. */
export default function UsersPage() {
  const [unlocking, setUnlocking] = useState<User | null>(null);
  return (
    <>
      <ConfigListPage<User>
        title="Users"
        entity="User"
        resource={USERS}
        columns={userColumns}
        permissionArea="userManagement"
        defaultSort={byUsername}
        recordName={usernameOf}
        toggleable
        rowActions={(user) =>
          user.lockedOut && (
            <Can permissions={['userManagement.update']}>
              <Tooltip title="Unlock">
                <IconButton aria-label="Unlock" onClick={() => setUnlocking(user)}>
                  <LockOpen />
                </IconButton>
              </Tooltip>
            </Can>
          )
        }
        renderForm={(user, close) => <UserFormDialog user={user} onClose={close} />}
      />
      {unlocking && <UnlockUserDialog user={unlocking} onClose={() => setUnlocking(null)} />}
    </>
  );
}
