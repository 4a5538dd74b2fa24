import {
  messages,
  type WebhookCreated,
  webhookCreateBodySchema,
  webhookEventLabels,
  webhookEvents,
} from '@dosechain/contract';
import { Grid } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { FormCheckboxGroup } from '../../../components/form/form-checkbox-group.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { submitWithFeedback } from '../../../components/form/save-record.ts';
import { SignedChangeFields } from '../../../components/form/signed-change-fields.tsx';
import { type SignedOutput, useSignedForm } from '../../../components/form/signed-form.ts';
import { webhooksResource } from './integrations-api.ts';

const webhookFieldsSchema = webhookCreateBodySchema.pick({ url: true, events: true });
const fields = ['url', 'events', 'reasonForChange', 'electronicSignature'];

/**
 * Creates a webhook of the study (decision 030): its https URL and the order events it is sent;
 * signed. The server checks where the URL leads (400 on `url`); the signing secret is answered
 * once and handed to `onCreated` to be shown.
 */
export function WebhookFormDialog({
  studyId,
  onClose,
  onCreated,
}: {
  studyId: number;
  onClose: () => void;
  onCreated: (webhook: WebhookCreated) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const resource = webhooksResource(studyId);
  const { control, schema, handleSubmit, formState, setError } = useSignedForm(webhookFieldsSchema, {
    url: '',
    events: [...webhookEvents],
  });
  const create = useMutation({
    mutationFn: (body: SignedOutput<typeof webhookFieldsSchema.shape>) => api('POST', resource, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists(resource) }),
  });
  const onSubmit = (values: SignedOutput<typeof webhookFieldsSchema.shape>) =>
    submitWithFeedback(async () => onCreated(await create.mutateAsync(values)), {
      setError,
      fields,
      failure: messages.errorCreatingWebhook,
    });
  return (
    <FormDialog
      title="Create Webhook"
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <FormTextField control={control} name="url" label="URL" required />
      </Grid>
      <Grid size={12}>
        <FormCheckboxGroup
          control={control}
          name="events"
          label="Events"
          options={webhookEvents}
          labels={webhookEventLabels}
          required
        />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
