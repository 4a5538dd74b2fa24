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
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';

/**
 * A secret the server answers once (an API key, a webhook's signing secret): the warning, what
 * it belongs to, the secret in a read-only field with a copy button, and how to use it.
 */
export function SecretShownOnceDialog({
  title,
  warning,
  summary,
  label,
  secret,
  hint,
  onClose,
}: {
  title: string;
  warning: string;
  summary: ReactNode;
  /** The secret field's label. */
  label: string;
  secret: string;
  hint?: ReactNode;
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Copied');
    } catch {
      toast.error(`Could not copy: select the ${label.toLowerCase()} and copy it`);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="secret-shown-once-title">
      <DialogTitle id="secret-shown-once-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{warning}</Alert>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{summary}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={label}
              value={secret}
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
          {hint && (
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          )}
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
