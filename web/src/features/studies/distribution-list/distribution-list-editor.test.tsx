import { type DistributionEntry, messages } from '@dosechain/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../../api/api-context.tsx';
import { ApiError, type HttpClient } from '../../../api/http-client.ts';
import { LeaveGuardProvider } from '../../../components/leave-guard/leave-guard-provider.tsx';
import { fakeApi } from '../../../test/fake-api.ts';
import { DistributionListEditor } from './distribution-list-editor.tsx';

const saved: DistributionEntry[] = [
  {
    name: 'Boston Dispatch',
    email: 'dispatch@x.org',
    companyType: 'cmo',
    companies: [{ id: 9, name: 'Isotope' }],
  },
];

/** The shared fake API (settings with e-signature on, no reasons), `onPut` answering the save. */
function editorApi(onPut: (body: unknown) => unknown) {
  return fakeApi((method, _path, options) =>
    method === 'PUT' ? onPut(options?.body) : { items: [], page: 1, total: 0 },
  );
}

/** The editor in a data router (its leave guard needs one), with a second page to leave to. */
function renderEditor(api: HttpClient, onDone = vi.fn(), list = saved) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <LeaveGuardProvider>
          <DistributionListEditor studyId={7} saved={list} onDone={onDone} />
        </LeaveGuardProvider>
      ),
    },
    { path: '/elsewhere', element: <p>Elsewhere</p> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={api}>
        <RouterProvider router={router} />
        <ToastContainer />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { router, onDone };
}

const rowName = () => within(screen.getByRole('group', { name: 'Row 1' })).getByLabelText(/Name/);

async function editAndConfirm() {
  const submit = screen.getByRole('button', { name: 'Submit changes' }) as HTMLButtonElement;
  expect(submit.disabled).toBe(true);
  expect(screen.getByRole('status').textContent).toBe('No changes');
  fireEvent.change(rowName(), { target: { value: 'Boston Desk' } });
  await waitFor(() => expect(submit.disabled).toBe(false));
  expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
  fireEvent.click(submit);
  const dialog = await screen.findByRole('dialog', { name: 'Confirm changes' });
  fireEvent.change(await within(dialog).findByLabelText(/Please insert your password/), {
    target: { value: 'Demo1234' },
  });
  const confirm = within(dialog).getByRole('button', { name: 'Confirm changes' }) as HTMLButtonElement;
  await waitFor(() => expect(confirm.disabled).toBe(false));
  fireEvent.click(confirm);
  return dialog;
}

// Each test renders the MUI editor and its dialogs; slow on a shared machine.
describe('DistributionListEditor', { timeout: 30_000 }, () => {
  it('names the row a repeated address (any case) is already on, and keeps the list from being submitted', async () => {
    renderEditor(
      editorApi(() => ({})),
      vi.fn(),
      [
        { name: 'Anna', email: 'anna@example.org', companyType: null, companies: [] },
        { name: 'Bob', email: 'bob@example.org', companyType: null, companies: [] },
      ],
    );
    const second = within(screen.getByRole('group', { name: 'Row 2' })).getByLabelText(/Email/);
    fireEvent.change(second, { target: { value: 'ANNA@example.org' } });
    const row2 = screen.getByRole('group', { name: 'Row 2' });
    expect(await within(row2).findByText(messages.distributionEmailDuplicate(1))).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(messages.emailListRowsToFix(1, 2))).toBeTruthy();
    fireEvent.change(second, { target: { value: 'anna.b@example.org' } });
    await waitFor(() => expect(within(row2).queryByText(messages.distributionEmailDuplicate(1))).toBeNull());
  });

  it('sends the whole list signed, and says so', async () => {
    const bodies: unknown[] = [];
    const { onDone } = renderEditor(
      editorApi((body) => {
        bodies.push(body);
        return { id: 7, distributionList: [] };
      }),
    );
    await editAndConfirm();
    expect(await screen.findByText('Updated email list')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
    expect(bodies).toEqual([
      {
        distributionList: [
          { name: 'Boston Desk', email: 'dispatch@x.org', companyType: 'cmo', companyIds: [9] },
        ],
        reasonForChange: '',
        electronicSignature: 'Demo1234',
      },
    ]);
  });

  it("[CFG-011] puts a 400's row errors on the row, keeps the edits and closes the confirm dialog", async () => {
    const { onDone } = renderEditor(
      editorApi(() => {
        throw new ApiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid',
          errors: [
            { code: 'not_found', parameter: 'distributionList.0.companyIds', message: 'No CMO with id 9' },
          ],
        });
      }),
    );
    const dialog = await editAndConfirm();
    expect(await screen.findByText('Error updating emails')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(screen.getByText('No CMO with id 9')).toBeTruthy();
    expect((rowName() as HTMLInputElement).value).toBe('Boston Desk');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps a wrong password on its field, with the dialog open', async () => {
    renderEditor(
      editorApi(() => {
        throw new ApiError(400, {
          code: 'ESIGN_FAILED',
          message: 'The password is incorrect, the action was not signed',
          errors: [],
        });
      }),
    );
    const dialog = await editAndConfirm();
    expect(
      await within(dialog).findByText('The password is incorrect, the action was not signed'),
    ).toBeTruthy();
    expect(screen.queryByText('Error updating emails')).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderEditor(editorApi(() => ({})));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await screen.findByRole('group', { name: 'Row 2' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Unsaved changes'));
    void router.navigate('/elsewhere');
    const ask = await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('enables Submit after a valid CSV import, and says why while it is disabled', async () => {
    const api = vi.fn(async () => ({ items: [{ id: 9, name: 'Isotope' }], page: 1, total: 1 }));
    renderEditor(api as unknown as HttpClient);
    const submit = screen.getByRole('button', { name: 'Submit changes' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText(messages.emailListNoChanges)).toBeTruthy();
    const csv = 'Name,Email,Company type,Companies\nA Person,a@x.org,,\nB Desk,b@x.org,CMO,Isotope\n';
    fireEvent.change(screen.getByLabelText('CSV file to import'), {
      target: { files: [new File([csv], 'list.csv', { type: 'text/csv' })] },
    });
    await screen.findByRole('group', { name: 'Row 2' }, { timeout: 5000 });
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.queryByText(messages.emailListNoChanges)).toBeNull();
    fireEvent.change(within(screen.getByRole('group', { name: 'Row 2' })).getByLabelText(/Email/), {
      target: { value: 'not-an-email' },
    });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText(messages.emailListRowsToFix(1, 2))).toBeTruthy();
    expect(screen.getByText(messages.invalidEmail)).toBeTruthy();
  });

  it('refuses a file that is not UTF-8, and one over 2 MB, importing nothing', async () => {
    const api = vi.fn(async () => ({ items: [{ id: 9, name: 'Isotope' }], page: 1, total: 1 }));
    renderEditor(api as unknown as HttpClient);
    const submit = screen.getByRole('button', { name: 'Submit changes' }) as HTMLButtonElement;
    // Saved from a spreadsheet as Latin-1: "José" is J, o, s, 0xE9.
    const latin1 = Uint8Array.from('Name,Email\nJosé Person,jose@x.org\n', (c) => c.charCodeAt(0));
    fireEvent.change(screen.getByLabelText('CSV file to import'), {
      target: { files: [new File([latin1], 'list.csv', { type: 'text/csv' })] },
    });
    expect(
      await screen.findByText(
        'The file is not UTF-8; save it as CSV UTF-8 and try again',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByDisplayValue(/Jos/)).toBeNull();
    expect(submit.disabled).toBe(true);
    // Over 2 MB: refused at once, before it is read.
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    const read = vi.spyOn(big, 'arrayBuffer');
    fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [big] } });
    expect(await screen.findByText(messages.csvTooLarge)).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
    expect(submit.disabled).toBe(true);
  });

  it("[FRM-016] says 'There was an error processing/reading the file' when the file's companies cannot be looked up, importing nothing", async () => {
    const api = vi.fn(async () => {
      throw new ApiError(503, { code: 'UNAVAILABLE', message: 'down', errors: [] } as never);
    });
    renderEditor(api as unknown as HttpClient);
    const submit = screen.getByRole('button', { name: 'Submit changes' }) as HTMLButtonElement;
    const csv = 'Name,Email,Company type,Companies\nB Desk,b@x.org,CMO,Isotope\n';
    fireEvent.change(screen.getByLabelText('CSV file to import'), {
      target: { files: [new File([csv], 'list.csv', { type: 'text/csv' })] },
    });
    expect(
      await screen.findByText(
        'There was an error processing/reading the file, please try again',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(api).toHaveBeenCalled();
    expect(screen.queryByDisplayValue('B Desk')).toBeNull();
    expect(submit.disabled).toBe(true);
  });

  it('asks before discarding changes, and keeps them on Keep editing', async () => {
    const { onDone } = renderEditor(editorApi(() => ({})));
    fireEvent.change(rowName(), { target: { value: 'Boston Desk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const ask = await screen.findByRole('dialog', { name: messages.emailListDiscardTitle });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((rowName() as HTMLInputElement).value).toBe('Boston Desk');
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const again = await screen.findByRole('dialog', { name: messages.emailListDiscardTitle });
    fireEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onDone).toHaveBeenCalled();
  });

  it('brings the rows back into view after a page change, not leaving the screen at the pager', {
    timeout: 60_000,
  }, async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    try {
      const long = Array.from({ length: 30 }, (_, i) => ({ ...saved[0]!, name: `Person ${i + 1}` }));
      renderEditor(editorApi(vi.fn()), vi.fn(), long);
      expect(await screen.findByText('Rows 1–25 of 30')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
      const row26 = await screen.findByRole('group', { name: 'Row 26' });
      expect(scrolled).toHaveLength(1);
      expect(scrolled[0]?.contains(row26)).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });
});
