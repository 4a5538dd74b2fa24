import {
  messages,
  type WebhookCreated,
  webhookCreateBodySchema,
  webhookEventLabels,
  webhookEvents,
} from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormCheckboxGroup } from '../../../components/form/form-checkbox-group.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { SignedChangeFields } from '../../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../../components/form/signed-form.ts';
import { useRecordSubmit } from '../../../components/form/use-record-submit.ts';
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
  const { control, schema, handleSubmit, formState, setError } = useSignedForm(webhookFieldsSchema, {
    url: '',
    events: [...webhookEvents],
  });
  // No toast and no cached answer: the secret's dialog shows what was created.
  const onSubmit = useRecordSubmit({
    resource: webhooksResource(studyId),
    entity: 'Webhook',
    setError,
    fields,
    onSaved: onCreated,
    secretShownOnce: true,
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
