import { messages } from '@dosechain/contract';
import { Alert, AlertTitle, Button } from '@mui/material';
import type { RestoreFindings } from './use-order-draft.ts';

/** Says that the unfinished order was restored, what of it no longer held, and offers to drop it. */
export function DraftRestoredNote({
  findings,
  onDiscard,
}: {
  findings: RestoreFindings;
  onDiscard: () => void;
}) {
  const changed = findings.gone.length > 0 || findings.slotGone;
  return (
    <Alert
      severity={changed ? 'warning' : 'info'}
      action={
        <Button color="inherit" size="small" onClick={onDiscard}>
          {messages.discardDraft}
        </Button>
      }
    >
      <AlertTitle>{messages.draftRestored}</AlertTitle>
      {messages.draftRestoredText}
      {findings.gone.length > 0 && <div>{messages.draftChoicesGone(findings.gone.join(', '))}</div>}
      {findings.slotGone && <div>{messages.draftSlotGone}</div>}
    </Alert>
  );
}
