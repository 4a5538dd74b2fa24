import type { AuditCheckpoint } from '@dosechain/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../../api/http-client.ts';
import { renderWithApp } from '../../test/render.tsx';
import { checkpointFileName, DownloadCheckpointButton } from './download-checkpoint-button.tsx';

const checkpoint: AuditCheckpoint = {
  format: 'dosechain.audit-checkpoint.v1',
  position: 1204,
  chainHmac: 'ab'.repeat(32),
  count: 1204,
  issuedAt: '2026-11-27T23:05:09.123Z',
  signature: 'cd'.repeat(32),
};

afterEach(() => vi.restoreAllMocks());

describe('Download checkpoint', () => {
  it('names the file by the position and the time, without colons', () => {
    expect(checkpointFileName(checkpoint)).toBe('audit-checkpoint-1204-2026-11-27T23-05-09Z.json');
  });

  it('downloads the checkpoint the server issued, as JSON', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:checkpoint';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const api = vi.fn(async (_method: string, path: string, _options?: RequestOptions) => {
      if (path !== '/audit-logs/checkpoint') throw new Error(`unexpected call ${path}`);
      return checkpoint;
    });
    renderWithApp(<DownloadCheckpointButton />, { api: api as unknown as HttpClient });
    fireEvent.click(screen.getByRole('button', { name: 'Download checkpoint' }));
    await waitFor(() => expect(names).toEqual(['audit-checkpoint-1204-2026-11-27T23-05-09Z.json']));
    expect(api).toHaveBeenCalledWith('GET', '/audit-logs/checkpoint');
    expect(JSON.parse(await blobs[0]!.text())).toEqual(checkpoint);
    expect(blobs[0]!.type).toBe('application/json');
  });

  it('says when the checkpoint could not be had', async () => {
    const api = vi.fn(async () => {
      throw new Error('down');
    });
    renderWithApp(<DownloadCheckpointButton />, { api: api as unknown as HttpClient });
    fireEvent.click(screen.getByRole('button', { name: 'Download checkpoint' }));
    expect(await screen.findByText('The checkpoint could not be downloaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download checkpoint' })).not.toHaveProperty('disabled', true);
  });
});
