import { limits, messages } from '@dosechain/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';

/**
 * The server refused the order as outside the subject's window or as a second order for its
 * timepoint (issue 36): says why and asks for the reason to place it anyway.
 */
export function OverrideDialog({
  said,
  onCancel,
  onConfirm,
}: {
  said: string[];
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const trimmed = reason.trim();
  return (
    <Dialog
      open
      onClose={sending ? undefined : onCancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby="override-dialog-title"
    >
      <DialogTitle id="override-dialog-title">{messages.placeAnyway}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {said.map((m) => (
            <Alert key={m} severity="warning">
              {m}
            </Alert>
          ))}
          <TextField
            autoFocus
            required
            label={messages.overrideReason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText={`${reason.length}/${limits.reasonMax}`}
            slotProps={{ htmlInput: { maxLength: limits.reasonMax } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={trimmed.length === 0 || sending}
          onClick={async () => {
            setSending(true);
            try {
              await onConfirm(trimmed);
            } finally {
              setSending(false);
            }
          }}
        >
          {messages.placeAnyway}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
