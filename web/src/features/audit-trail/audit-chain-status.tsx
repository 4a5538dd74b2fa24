import { type AuditTrailVerification, messages } from '@dosechain/contract';
import { Alert, Button, CircularProgress } from '@mui/material';
import { useAuditChain } from './audit-trail-api.ts';

/** What the verification found, in words: the first line, and a note on entries it does not cover. */
export function describeVerification(result: AuditTrailVerification): { text: string; note: string | null } {
  const note = result.unchained > 0 ? messages.auditChainUnchained(result.unchained) : null;
  if (result.ok) return { text: messages.auditChainIntact(result.checked), note };
  const parts = [
    result.firstBrokenId !== null ? messages.auditChainBroken(result.firstBrokenId, result.broken) : null,
    result.headMatches ? null : messages.auditChainHeadMismatch,
    // The chain may verify from first to newest entry and still have lost its newest (issue 31).
    result.endMovedBack
      ? messages.auditChainEndMovedBack(result.endMovedBack.from, result.endMovedBack.to)
      : null,
  ].filter((p): p is string => p !== null);
  return { text: parts.join('. '), note };
}

/**
 * The audit trail's chain state (issue 17): verified by the server when the screen opens and
 * on Re-check; intact, altered (naming the first entry that no longer matches) or not verified.
 */
export function AuditChainStatus() {
  const query = useAuditChain();
  const recheck = (
    <Button color="inherit" size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
      {messages.auditChainRecheck}
    </Button>
  );

  if (query.isFetching) {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status" aria-busy="true">
        {messages.auditChainChecking}
      </Alert>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert severity="warning" action={recheck}>
        {messages.auditChainFailed}
      </Alert>
    );
  }
  const { text, note } = describeVerification(query.data);
  return (
    <Alert
      severity={query.data.ok ? 'success' : 'error'}
      action={recheck}
      role={query.data.ok ? 'status' : 'alert'}
    >
      {text}
      {note && (
        <>
          <br />
          {note}
        </>
      )}
    </Alert>
  );
}
