import { isCompanyRole, type RoleType, roleTypeLabels, roleTypes } from '@dosechain/contract';
import { Add, Delete } from '@mui/icons-material';
import { Button, Grid, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { type Control, Controller, type UseFormSetValue, useFieldArray, useWatch } from 'react-hook-form';
import { companyKinds } from '../../components/companies/company-kinds.ts';
import { LookupSelect } from '../../components/form/lookup-select.tsx';
import type { UserFormValues } from './user-form-schema.ts';

/** The companies a user's roles had when the form opened, so the lookups can show them. */
export type InitialCompanies = Map<number, string>;

/**
 * Add and remove a user's roles: a type and, for CMO, clinical-site and imaging-center roles,
 * the company of that kind (staff and admin roles have none).
 */
export function RolesEditor({
  control,
  setValue,
  initialCompanies,
}: {
  control: Control<UserFormValues>;
  setValue: UseFormSetValue<UserFormValues>;
  initialCompanies: InitialCompanies;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'roles' });
  const roles = useWatch({ control, name: 'roles' }) ?? [];
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        Roles
      </Typography>
      {fields.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          No roles: the user acts as staff, or as admin when Admin is checked.
        </Typography>
      )}
      {fields.map((row, index) => {
        const type = roles[index]?.type as RoleType | undefined;
        const companyId = roles[index]?.companyId ?? undefined;
        return (
          <Grid container key={row.id} columnSpacing={2} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name={`roles.${index}.type`}
                render={({ field }) => (
                  <TextField
                    select
                    label={`Role ${index + 1} type`}
                    required
                    value={field.value ?? ''}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      setValue(`roles.${index}.companyId`, null, { shouldValidate: true });
                    }}
                    inputRef={field.ref}
                    fullWidth
                    margin="dense"
                  >
                    {roleTypes.map((t) => (
                      <MenuItem key={t} value={t}>
                        {roleTypeLabels[t]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 10, sm: 7 }}>
              {type && isCompanyRole(type) && (
                <LookupSelect
                  key={`${row.id}-${type}`}
                  control={control}
                  name={`roles.${index}.companyId`}
                  label={`Role ${index + 1} ${companyKinds[type].label}`}
                  resource={companyKinds[type].api}
                  required
                  initial={
                    companyId && initialCompanies.has(companyId)
                      ? { id: companyId, name: initialCompanies.get(companyId)! }
                      : undefined
                  }
                />
              )}
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }}>
              <Tooltip title="Remove role">
                <IconButton aria-label={`Remove role ${index + 1}`} onClick={() => remove(index)}>
                  <Delete />
                </IconButton>
              </Tooltip>
            </Grid>
          </Grid>
        );
      })}
      <Button startIcon={<Add />} onClick={() => append({ type: 'cmo', companyId: null })} sx={{ mt: 1 }}>
        Add role
      </Button>
    </>
  );
}
