import { messages } from '@dosechain/contract';
import { AppBar, Box, Drawer, Link, Toolbar, Typography } from '@mui/material';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAppSettings } from '../../api/app-config.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { FullPageSpinner } from '../../auth/guards.tsx';
import { roleLabel } from '../../auth/role-label.ts';
import { Sidebar } from './sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { useLiveEvents } from './use-live-events.ts';
import { UserMenu } from './user-menu.tsx';

const DRAWER_WIDTH = 240;

export function Footer() {
  const settings = useAppSettings();
  const email = settings.data?.supportEmail;
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 3, color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2">
        © {new Date().getFullYear()} {messages.productName}. All rights reserved.
        {email && (
          <>
            {' '}
            Support: <Link href={`mailto:${email}`}>{email}</Link>
          </>
        )}
      </Typography>
    </Box>
  );
}

/**
 * When another tab switched role and this one followed, the page it showed may not exist in the
 * new role: go back to the dashboard, as switching role does, and say why.
 */
function useFollowedRoleSwitch() {
  const { followedSwitches, user } = useAuth();
  const navigate = useNavigate();
  const roleName = user?.currentRole ? roleLabel(user.currentRole) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per followed switch, with the role it led to.
  useEffect(() => {
    if (followedSwitches === 0) return;
    navigate('/');
    if (roleName)
      toast.info(`Your role was switched to ${roleName} in another tab`, { toastId: 'role-followed' });
  }, [followedSwitches]);
}

/** The frame of every logged-in screen: top bar, sidebar, the page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  useFollowedRoleSwitch();
  // One stream per tab: what other people change shows on this tab's screens without a reload.
  useLiveEvents();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        // On the primary-coloured bar the focus ring is white (the theme's primary ring is not seen).
        sx={(t) => ({
          zIndex: t.zIndex.drawer + 1,
          '& .MuiButtonBase-root.Mui-focusVisible': { outlineColor: t.palette.common.white },
        })}
      >
        <Toolbar>
          {/* The product's name, as the tab and the mails say it, and the spec's title beside it. */}
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
            {messages.productName}
            <Box component="span" sx={{ fontWeight: 400, opacity: 0.85, ml: 1.5 }}>
              {messages.appTitle}
            </Box>
          </Typography>
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Sidebar />
      </Drawer>
      <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Toolbar />
        {/* Focusable by the skip link only (tabIndex -1); no ring around the whole page. */}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, p: 3, '&:focus': { outline: 'none' } }}
        >
          {/*
            A new boundary per page: the router renders a navigation in a transition, which would
            keep the last page on screen, still clickable, while the next page's code loads — and
            a dialog opened there (e.g. Deliver on the dashboard's grid) vanished with that page
            when the next one arrived. With the key the last page goes at once and the spinner
            shows until the next one is ready.
          */}
          <Suspense key={pathname} fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
