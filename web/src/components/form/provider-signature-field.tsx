import { oidcMessages } from '@dosechain/contract';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useApi } from '../../api/api-context.tsx';
import { ApiError } from '../../api/http-client.ts';

/** The message the server's signing page posts back (server/src/modules/login/oidc-signature-page.ts). */
const SIGNATURE_MESSAGE_TYPE = 'dosechain-oidc-signature';

const refusal: Record<string, string> = {
  STALE: oidcMessages.reauthStale,
  OTHER_PERSON: oidcMessages.reauthOtherPerson,
  UNREACHABLE: oidcMessages.unreachable,
};

/** "Sign in with Contoso" reads "Sign with Contoso" on the signing button. */
export const signButtonLabel = (buttonLabel: string) =>
  /^sign in with /i.test(buttonLabel)
    ? buttonLabel.replace(/^sign in with /i, 'Sign with ')
    : 'Sign with your organisation';

/**
 * The e-signature of a user linked to the organisation's identity provider (decision 056): a
 * popup re-authenticates them there (prompt=login) and hands back a one-time token, valid two
 * minutes, which the form sends as its electronicSignature. A cancelled or failed
 * re-authentication leaves the field empty: nothing is signed.
 */
export function ProviderSignatureField<T extends FieldValues>({
  control,
  name,
  buttonLabel,
}: {
  control: Control<T>;
  name: Path<T>;
  buttonLabel: string;
}) {
  const api = useApi();
  const { field, fieldState } = useController({ control, name });
  const [error, setError] = useState<string | null>(null);
  const waiting = useRef(false);
  const { onChange } = field;

  useEffect(() => {
    // The popup's last page answers on this channel (its opener link is cut at the provider).
    const channel = new BroadcastChannel(SIGNATURE_MESSAGE_TYPE);
    channel.onmessage = (event: MessageEvent) => {
      // Only the dialog that asked takes the answer.
      if (!waiting.current) return;
      const data = event.data as { type?: string; token?: string; 'oidc-error'?: string };
      if (data?.type !== SIGNATURE_MESSAGE_TYPE) return;
      waiting.current = false;
      if (data.token) {
        setError(null);
        onChange(data.token);
      } else {
        onChange('');
        setError(refusal[data['oidc-error'] ?? ''] ?? oidcMessages.reauthFailed);
      }
    };
    return () => channel.close();
  }, [onChange]);

  const reauthenticate = async () => {
    setError(null);
    onChange('');
    // Opened in the click itself, so no popup blocker stops it; sent to the provider once known.
    const opened = window.open('', 'dosechain-signature', 'popup,width=520,height=700');
    waiting.current = true;
    try {
      const { authorizationUrl } = await api('POST', '/auth/oidc/signature', {});
      if (opened) opened.location.href = authorizationUrl;
      else window.location.assign(authorizationUrl);
    } catch (err) {
      opened?.close();
      setError(err instanceof ApiError ? err.message : oidcMessages.reauthFailed);
    }
  };

  const signed = typeof field.value === 'string' && field.value !== '';
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" onClick={reauthenticate} disabled={signed}>
        {signButtonLabel(buttonLabel)}
      </Button>
      {signed && (
        <Typography color="success.main" variant="body2" sx={{ mt: 1 }}>
          Re-authenticated: save within 2 minutes to sign.
        </Typography>
      )}
      {(error ?? fieldState.error?.message) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error ?? fieldState.error?.message}
        </Alert>
      )}
    </Box>
  );
}
