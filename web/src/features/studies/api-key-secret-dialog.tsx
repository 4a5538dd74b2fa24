import { type ApiKeyCreated, formatInstant, messages } from '@dosechain/contract';
import { ContentCopy } from '@mui/icons-material';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { toast } from 'react-toastify';

/** The new key's secret, shown this once (decision 027): copy it now, it cannot be read again. */
export function ApiKeySecretDialog({ apiKey, onClose }: { apiKey: ApiKeyCreated; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.secret);
      toast.success('Copied');
    } catch {
      toast.error('Could not copy: select the key and copy it');
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="api-key-secret-title">
      <DialogTitle id="api-key-secret-title">API Key Created</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{messages.apiKeySecretShownOnce}</Alert>
          <Typography>
            {apiKey.name} · {apiKey.site.name} · expires {formatInstant(apiKey.expiresAt, 'UTC')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label="API key"
              value={apiKey.secret}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
              onFocus={(e) => e.target.select()}
            />
            <Tooltip title="Copy">
              <IconButton aria-label="Copy" onClick={() => void copy()}>
                <ContentCopy />
              </IconButton>
            </Tooltip>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Send it as <code>Authorization: Bearer {apiKey.prefix}_…</code>.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
