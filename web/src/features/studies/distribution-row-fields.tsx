import { type CompanyType, companyTypeLabels, companyTypes } from '@dosechain/contract';
import { DeleteOutlined } from '@mui/icons-material';
import { Grid, IconButton, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { type Control, Controller, type UseFormSetValue, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { CompanyMultiSelect } from './company-multi-select.tsx';
import type { DistributionForm } from './distribution-form.ts';

/** One editable row of the distribution list: name, e-mail, company type and its companies. */
export function DistributionRowFields({
  control,
  setValue,
  index,
  onRemove,
}: {
  control: Control<DistributionForm>;
  setValue: UseFormSetValue<DistributionForm>;
  index: number;
  onRemove: () => void;
}) {
  const row = `distributionList.${index}` as const;
  const companyType = useWatch({ control, name: `${row}.companyType` });
  // Changing what an import could not resolve is the user's fix: the row's issue is cleared.
  const clearIssue = () => setValue(`${row}.issue`, null, { shouldValidate: true });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={`Recipient ${index + 1}`}>
      <Grid container columnSpacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 0.5 }} sx={{ pt: { md: 2.5 } }}>
          <Typography color="text.secondary" variant="body2">
            {index + 1}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2.5 }}>
          <FormTextField control={control} name={`${row}.name`} label="Name" required size="small" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3.25 }}>
          <FormTextField control={control} name={`${row}.email`} label="Email" required size="small" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <Controller
            control={control}
            name={`${row}.companyType`}
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Company type"
                size="small"
                margin="dense"
                fullWidth
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  setValue(`${row}.companies`, [], { shouldValidate: true });
                  clearIssue();
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{
                  inputLabel: { shrink: true },
                  select: {
                    displayEmpty: true,
                    renderValue: (v) => (v ? companyTypeLabels[v as CompanyType] : 'None'),
                  },
                }}
              >
                <MenuItem value="">
                  <em>None (all orders)</em>
                </MenuItem>
                {companyTypes.map((t) => (
                  <MenuItem key={t} value={t}>
                    {companyTypeLabels[t]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 10, sm: 7, md: 3.25 }} sx={{ pt: 1 }}>
          <Controller
            control={control}
            name={`${row}.companies`}
            render={({ field, fieldState }) => (
              <CompanyMultiSelect
                type={companyType}
                value={field.value}
                onChange={(companies) => {
                  field.onChange(companies);
                  clearIssue();
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 2, sm: 1, md: 0.5 }} sx={{ pt: 1.5 }}>
          <Tooltip title="Remove row">
            <IconButton aria-label={`Remove recipient ${index + 1}`} onClick={onRemove}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Grid>
      </Grid>
    </Paper>
  );
}
