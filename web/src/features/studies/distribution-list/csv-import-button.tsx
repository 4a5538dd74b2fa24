import { limits, messages } from '@dosechain/contract';
import { UploadFile } from '@mui/icons-material';
import { Button } from '@mui/material';
import { type ChangeEvent, useRef } from 'react';
import { toast } from 'react-toastify';
import { useApi } from '../../../api/api-context.tsx';
import {
  type CsvImport,
  CsvNotUtf8Error,
  csvFileProblem,
  decodeCsv,
  parseCsv,
  resolveCsvRecords,
  toCsvRecords,
} from './distribution-csv.ts';
import { findCompaniesByName } from './distribution-list-api.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Picks a CSV file and turns it into distribution rows. The import starts after the spec's
 * 500 ms delay, while `onImporting(true)` shows progress; a file it cannot use (over 2 MB, not
 * UTF-8, not CSV) is a toast, and nothing is imported.
 */
export function CsvImportButton({
  disabled,
  onImporting,
  onImported,
}: {
  disabled?: boolean;
  onImporting: (importing: boolean) => void;
  onImported: (result: CsvImport) => void;
}) {
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);

  const importFile = async (file: File) => {
    const problem = csvFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    onImporting(true);
    try {
      await delay(limits.csvImportDelayMs);
      const records = toCsvRecords(await parseCsv(decodeCsv(await file.arrayBuffer())));
      if (records.length === 0) {
        toast.error(messages.csvEmpty);
        return;
      }
      onImported(await resolveCsvRecords(records, (type, names) => findCompaniesByName(api, type, names)));
    } catch (err) {
      toast.error(err instanceof CsvNotUtf8Error ? messages.csvNotUtf8 : messages.csvUnreadable);
    } finally {
      onImporting(false);
    }
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that picking the same file again imports it again.
    e.target.value = '';
    if (file) void importFile(file);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFile />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        Import CSV
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file to import"
        hidden
        onChange={onChange}
      />
    </>
  );
}
