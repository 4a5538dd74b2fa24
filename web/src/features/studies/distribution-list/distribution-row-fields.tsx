import { type CompanyType, companyTypeLabels, companyTypes, messages } from '@dosechain/contract';
import { DeleteOutlined } from '@mui/icons-material';
import { Grid, IconButton, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { type Dispatch, memo } from 'react';
import { CompanyMultiSelect } from './company-multi-select.tsx';
import { type EditorAction, type EditorRow, fieldId, visibleErrors } from './distribution-editor-state.ts';

/**
 * One editable row of the distribution list: name, e-mail, company type and its companies.
 * Memoized on its row object: typing in one row re-renders that row only.
 */
export const DistributionRowFields = memo(function DistributionRowFields({
  row,
  number,
  duplicateOf,
  dispatch,
}: {
  row: EditorRow;
  /** The row's number, as the editor and the import's warnings say it ("Row 4"). */
  number: number;
  /** The number of an earlier row with the same address, when this row repeats it. */
  duplicateOf?: number | undefined;
  dispatch: Dispatch<EditorAction>;
}) {
  const { key } = row;
  const ruleErrors = visibleErrors(row);
  const errors =
    duplicateOf !== undefined && !ruleErrors.email
      ? { ...ruleErrors, email: messages.distributionEmailDuplicate(duplicateOf) }
      : ruleErrors;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={`Row ${number}`}>
      <Grid container columnSpacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 0.5 }} sx={{ pt: { md: 2.5 } }}>
          <Typography color="text.secondary" variant="body2" aria-hidden>
            {number}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2.5 }}>
          <TextField
            id={fieldId(key, 'name')}
            label="Name"
            required
            size="small"
            margin="dense"
            fullWidth
            value={row.name}
            onChange={(e) =>
              dispatch({ type: 'change', key, field: 'name', patch: { name: e.target.value } })
            }
            onBlur={() => dispatch({ type: 'leave', key, field: 'name' })}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3.25 }}>
          <TextField
            id={fieldId(key, 'email')}
            label="Email"
            required
            size="small"
            margin="dense"
            fullWidth
            value={row.email}
            onChange={(e) =>
              dispatch({ type: 'change', key, field: 'email', patch: { email: e.target.value } })
            }
            onBlur={() => dispatch({ type: 'leave', key, field: 'email' })}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <TextField
            id={fieldId(key, 'companyType')}
            select
            label="Company type"
            size="small"
            margin="dense"
            fullWidth
            value={row.companyType}
            onChange={(e) =>
              dispatch({
                type: 'change',
                key,
                field: 'companyType',
                // Changing what an import could not resolve is the user's fix: the row's issue is cleared.
                patch: { companyType: e.target.value as CompanyType | '', companies: [], issue: null },
              })
            }
            onBlur={() => dispatch({ type: 'leave', key, field: 'companyType' })}
            error={Boolean(errors.companyType)}
            helperText={errors.companyType}
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
        </Grid>
        <Grid size={{ xs: 10, sm: 7, md: 3.25 }} sx={{ pt: 1 }}>
          <CompanyMultiSelect
            id={fieldId(key, 'companies')}
            type={row.companyType}
            value={row.companies}
            onChange={(companies) =>
              dispatch({ type: 'change', key, field: 'companies', patch: { companies, issue: null } })
            }
            onBlur={() => dispatch({ type: 'leave', key, field: 'companies' })}
            error={errors.companies}
          />
        </Grid>
        <Grid size={{ xs: 2, sm: 1, md: 0.5 }} sx={{ pt: 1.5 }}>
          <Tooltip title="Remove row">
            <IconButton aria-label={`Remove row ${number}`} onClick={() => dispatch({ type: 'remove', key })}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Grid>
      </Grid>
    </Paper>
  );
});
