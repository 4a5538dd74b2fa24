import { type AuditCheckpoint, messages } from '@dosechain/contract';
import { FileDownload } from '@mui/icons-material';
import { Button } from '@mui/material';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useApi } from '../../api/api-context.tsx';
import { isAbort } from '../../api/http-client.ts';
import { saveBlob } from '../../components/data-table/export/export-files.ts';

/** `audit-checkpoint-<position>-<issued at, UTC, without colons>.json`: sorts by time, safe on every disk. */
export function checkpointFileName(checkpoint: AuditCheckpoint): string {
  const at = checkpoint.issuedAt.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  return `audit-checkpoint-${checkpoint.position}-${at}.json`;
}

/**
 * Downloads a signed checkpoint of the audit chain (issue 31): kept outside the database (filed
 * with the study's QA records), it later shows whether the trail's newest entries were removed.
 */
export function DownloadCheckpointButton() {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const checkpoint = await api('GET', '/audit-logs/checkpoint');
      const text = `${JSON.stringify(checkpoint, null, 2)}\n`;
      saveBlob(new Blob([text], { type: 'application/json' }), checkpointFileName(checkpoint));
    } catch (err) {
      if (!isAbort(err)) toast.error(messages.auditCheckpointDownloadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void download()} disabled={busy}>
      {messages.auditCheckpointDownload}
    </Button>
  );
}
