import {
  areaActions,
  type PermissionAction,
  type Permissions,
  permissionActionLabels,
  permissionActions,
  permissionAreaLabels,
  permissionAreas,
} from '@dosechain/contract';
import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** The columns the matrix shows: Delete only when some area has it. */
const columns: PermissionAction[] = permissionActions.filter((action) =>
  permissionAreas.some((area) => areaActions[area].includes(action)),
);

/**
 * A group's permissions as a matrix: one row per area of spec section 6, one column per action
 * (Submitter, Editor, Viewer, Delete); a checkbox only where the area has the action.
 */
export function PermissionMatrix<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = field.value as Permissions;
        const set = (area: (typeof permissionAreas)[number], action: PermissionAction, on: boolean) =>
          field.onChange({ ...value, [area]: { ...value[area], [action]: on } });
        return (
          <Table size="small" aria-label="Permissions">
            <TableHead>
              <TableRow>
                <TableCell>Area</TableCell>
                {columns.map((action) => (
                  <TableCell key={action} align="center">
                    {permissionActionLabels[action]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {permissionAreas.map((area) => (
                <TableRow key={area}>
                  <TableCell component="th" scope="row">
                    {permissionAreaLabels[area]}
                  </TableCell>
                  {columns.map((action) => (
                    <TableCell key={action} align="center" padding="checkbox">
                      {areaActions[area].includes(action) && (
                        <Checkbox
                          checked={value[area][action]}
                          onChange={(e) => set(area, action, e.target.checked)}
                          slotProps={{
                            input: {
                              'aria-label': `${permissionAreaLabels[area]} ${permissionActionLabels[action]}`,
                            },
                          }}
                        />
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        );
      }}
    />
  );
}
