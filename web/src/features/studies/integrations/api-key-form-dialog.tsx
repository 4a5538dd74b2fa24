import {
  type ApiKeyCreated,
  apiKeyCreateBodySchema,
  apiKeyScopeLabels,
  apiKeyScopes,
  limits,
  messages,
} from '@dosechain/contract';
import { Grid } from '@mui/material';
import { FormCheckboxGroup } from '../../../components/form/form-checkbox-group.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { LookupSelect } from '../../../components/form/lookup-select.tsx';
import { PositiveNumberField } from '../../../components/form/positive-number-field.tsx';
import { SignedChangeFields } from '../../../components/form/signed-change-fields.tsx';
import { useSignedForm } from '../../../components/form/signed-form.ts';
import { useRecordSubmit } from '../../../components/form/use-record-submit.ts';
import { apiKeysResource, pairedSitesResource } from './integrations-api.ts';

const keyFieldsSchema = apiKeyCreateBodySchema.pick({
  name: true,
  siteId: true,
  scopes: true,
  validDays: true,
});
const fields = ['name', 'siteId', 'scopes', 'validDays', 'reasonForChange', 'electronicSignature'];

/**
 * Creates an integration API key of the study (decision 027): its name, the clinical site it
 * orders for (one the study is paired with), its scopes and how many days it is valid; signed. The secret is answered once and
 * handed to `onCreated` to be shown.
 */
export function ApiKeyFormDialog({
  studyId,
  onClose,
  onCreated,
}: {
  studyId: number;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const { control, schema, handleSubmit, formState, setError } = useSignedForm(keyFieldsSchema, {
    name: '',
    scopes: ['orders:read'],
    validDays: 90,
  });
  // No toast and no cached answer: the secret's dialog shows what was created.
  const onSubmit = useRecordSubmit({
    resource: apiKeysResource(studyId),
    entity: 'API Key',
    setError,
    fields,
    onSaved: onCreated,
    secretShownOnce: true,
    failure: messages.errorCreatingApiKey,
  });
  return (
    <FormDialog
      title="Create API Key"
      onClose={onClose}
      control={control}
      schema={schema}
      onSubmit={handleSubmit(onSubmit)}
      isValid={formState.isValid}
      isSubmitting={formState.isSubmitting}
    >
      <Grid size={12}>
        <FormTextField control={control} name="name" label="Name" required />
      </Grid>
      <Grid size={12}>
        <LookupSelect
          control={control}
          name="siteId"
          label="Clinical Site"
          resource={pairedSitesResource(studyId)}
          required
        />
      </Grid>
      <Grid size={12}>
        <FormCheckboxGroup
          control={control}
          name="scopes"
          label="Scopes"
          options={apiKeyScopes}
          labels={apiKeyScopeLabels}
          required
        />
      </Grid>
      <Grid size={12}>
        <PositiveNumberField
          control={control}
          name="validDays"
          label="Valid for"
          max={limits.apiKeyValidDaysMax}
          unit={{ singular: 'day', plural: 'days' }}
          required
        />
      </Grid>
      <SignedChangeFields control={control} />
    </FormDialog>
  );
}
