import { messages, type OidcLoginError, oidcMessages } from '@dosechain/contract';
import { Alert, Button, Divider } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSettings } from '../../api/app-config.ts';
import { API_BASE, ApiError } from '../../api/http-client.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { afterLoginPath } from '../../auth/guards.tsx';

/** What the login page says when the provider's sign-in came back without a session. */
function errorText(code: string, email: string | null): string {
  switch (code as OidcLoginError) {
    case 'NO_ACCOUNT':
      return email ? oidcMessages.noAccount(email) : oidcMessages.noEmail;
    case 'UNREACHABLE':
      return oidcMessages.unreachable;
    case 'USER_INACTIVE':
      return messages.userInactive;
    case 'USER_LOCKED':
      return messages.userLocked;
    default:
      return oidcMessages.failed;
  }
}

/**
 * "Sign in with <organisation>" beside the password form, when a provider is configured
 * (decision 056). The provider's sign-in comes back to /login with `#oidc=<code>` (traded once
 * for a session) or `#oidc-error=<why>`; the fragment is cleared at once.
 */
export function ProviderSignIn() {
  const settings = useAppSettings();
  const { loginWithProvider } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || !location.hash) return;
    const fragment = new URLSearchParams(location.hash.slice(1));
    const code = fragment.get('oidc');
    const failure = fragment.get('oidc-error');
    if (!code && !failure) return;
    handled.current = true;
    window.history.replaceState(window.history.state, '', location.pathname);
    if (failure) {
      setError(errorText(failure, fragment.get('email')));
      return;
    }
    loginWithProvider(code as string)
      .then((me) => navigate(afterLoginPath(location.state, me.username), { replace: true }))
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : oidcMessages.failed));
  }, [location, loginWithProvider, navigate]);

  const oidc = settings.data?.oidc;
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      {oidc && (
        <>
          <Button variant="contained" fullWidth sx={{ mt: 2 }} href={`${API_BASE}/auth/oidc/login`}>
            {oidc.buttonLabel}
          </Button>
          <Divider sx={{ mt: 3, mb: 1 }}>or with your DoseChain password</Divider>
        </>
      )}
    </>
  );
}
