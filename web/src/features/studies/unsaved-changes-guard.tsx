import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, asks before the user leaves the page: the app's own navigation gets a
 * dialog, closing or reloading the tab the browser's warning.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog open onClose={() => blocker.reset()} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">Leave with unsaved changes?</DialogTitle>
      <DialogContent>
        <DialogContentText>The changes to the e-mail list are not saved and will be lost.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset()} autoFocus>
          Stay
        </Button>
        <Button color="error" onClick={() => blocker.proceed()}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
