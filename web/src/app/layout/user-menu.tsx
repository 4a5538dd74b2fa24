import type { Role } from '@dosechain/contract';
import { AccountCircle, Check } from '@mui/icons-material';
import {
  Box,
  Button,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from '../../auth/auth-context.tsx';
import { roleLabel } from '../../auth/role-label.ts';

/** Read by screen readers, not shown (the usual clip pattern). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function UserMenu() {
  const { user, logout, switchRole } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const close = () => setAnchor(null);

  const choose = async (role: Role) => {
    close();
    if (role.id === null || role.id === user.currentRole?.id) return;
    try {
      await switchRole(role.id);
      navigate('/');
    } catch {
      toast.error('Error switching the role');
    }
  };

  return (
    <>
      {/*
        Named by what it shows, the user's name, then what it is (WCAG 2.5.3: a voice user says
        what they see); an aria-label 'Account' hid the name from the accessible name.
      */}
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        startIcon={<AccountCircle />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {user.fullName}
        <Box component="span" sx={visuallyHidden}>
          , account
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            navigate('/profile/edit');
          }}
        >
          Profile
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            navigate('/profile/change-password');
          }}
        >
          Change Password
        </MenuItem>
        <Divider />
        {user.roles.length > 0 && <ListSubheader>Switch Role</ListSubheader>}
        {user.roles.map((role) => {
          const current = role.id === user.currentRole?.id;
          return (
            <MenuItem
              key={role.id}
              role="menuitemradio"
              aria-checked={current}
              onClick={() => void choose(role)}
            >
              <ListItemIcon>{current && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText primary={roleLabel(role)} />
            </MenuItem>
          );
        })}
        {user.roles.length > 0 && <Divider />}
        <MenuItem
          onClick={async () => {
            close();
            await logout();
            // No saved origin: the next login, maybe someone else's, starts at the dashboard.
            navigate('/login', { replace: true });
          }}
        >
          Log out
        </MenuItem>
      </Menu>
    </>
  );
}
