import type { MailLogEntry } from '@dosechain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { FAILED_MAILS_QUERY_KEY } from '../../components/failed-mails-query.ts';

export const MAILS = '/mails';

interface ResendMail {
  mail: MailLogEntry;
  meta: { reasonForChange?: string; electronicSignature?: string };
}

/**
 * Sends a failed mail again (signed, with a reason); the log and the dashboard's failed-mails
 * count refresh before it resolves, so the dialog closes on the new state.
 */
export function useResendMail() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog asks for the reason first; the server refuses an empty one.
    mutationFn: ({ mail, meta }: ResendMail) =>
      api('POST', `${MAILS}/${mail.id}/resend`, {
        body: { ...meta, reasonForChange: meta.reasonForChange ?? '' },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.lists(MAILS) }),
        queryClient.invalidateQueries({ queryKey: FAILED_MAILS_QUERY_KEY }),
      ]),
  });
}
