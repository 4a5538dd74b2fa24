import { messages } from '@dosechain/contract';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useRouteError } from 'react-router';
import { FullPageSpinner } from '../auth/guards.tsx';
import { showGenericError } from './providers.tsx';

/** When this tab last reloaded for a screen whose code did not load (sessionStorage). */
export const CHUNK_RELOAD_KEY = 'dosechain.chunkReloadAt';
/** One reload per this window: a chunk that fails again right after a reload is shown as an error. */
const RELOAD_WINDOW_MS = 60_000;

/** The browsers' words for a module (a lazy screen's chunk, or one it imports) that did not load. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(text);
}

/**
 * A screen's code did not load: after a redeploy the old chunk names are gone, and a reload brings
 * the new index that names the new ones. Reloads only when the server answers (with the server
 * down a reload would replace the app with the browser's error page) and at most once a minute in
 * this tab (a chunk that is really missing must not reload forever). True when it reloads.
 */
async function reloadOnce(): Promise<boolean> {
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return false;
  try {
    const res = await fetch('/', { cache: 'no-store' });
    if (!res.ok) return false;
  } catch {
    return false;
  }
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * The error boundary of every route: instead of React Router's developer page, a screen that failed
 * (its code did not load, or it broke) reloads once when that can help, else says so with the
 * generic error toast and offers a way back. Inside the app's layout for logged-in screens.
 */
export function RouteError({
  home = '/',
  homeLabel = 'Go to the dashboard',
}: {
  home?: string;
  homeLabel?: string;
}) {
  const error = useRouteError();
  const [reloading, setReloading] = useState(() => isChunkLoadError(error));

  useEffect(() => {
    let cancelled = false;
    if (isChunkLoadError(error)) {
      void reloadOnce().then((reloads) => {
        if (cancelled || reloads) return;
        setReloading(false);
        showGenericError();
      });
    } else {
      console.error(error);
      showGenericError();
    }
    return () => {
      cancelled = true;
    };
  }, [error]);

  if (reloading) return <FullPageSpinner />;
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh', p: 2 }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Alert severity="error">
          {messages.screenFailed} {messages.unexpectedError}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Try again
          </Button>
          <Link component={RouterLink} to={home}>
            {homeLabel}
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}
