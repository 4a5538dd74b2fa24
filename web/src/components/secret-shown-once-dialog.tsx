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
import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { useLeaveGuard } from './leave-guard/leave-guard-provider.tsx';
import { LeaveQuestionDialog } from './leave-guard/leave-question-dialog.tsx';
import { secretShownOnceQuestion } from './leave-guard/leave-questions.ts';

/** A field label inside a sentence: "Signing secret" → "signing secret"; "API key" stays. */
export const inSentence = (label: string) =>
  /^[A-Z]{2,}\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/**
 * A secret the server answers once (an API key, a webhook's signing secret): the warning, what
 * it belongs to, the secret in a read-only field with a copy button, and how to use it. Done
 * closes it; Esc, a click beside it, Back or a reload first ask whether the secret was copied.
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
  const what = inSentence(label);
  const question = secretShownOnceQuestion(what);
  const [asking, setAsking] = useState(false);
  useLeaveGuard(true, question);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Copied');
    } catch {
      toast.error(`Could not copy: select the ${what} and copy it`);
    }
  };
  return (
    <Dialog
      open
      onClose={() => setAsking(true)}
      maxWidth="md"
      fullWidth
      aria-labelledby="secret-shown-once-title"
    >
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
      {asking && (
        <LeaveQuestionDialog question={question} onStay={() => setAsking(false)} onLeave={onClose} />
      )}
    </Dialog>
  );
}
