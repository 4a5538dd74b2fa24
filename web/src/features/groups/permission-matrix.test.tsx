import { emptyPermissions, type Permissions } from '@dosechain/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { PermissionMatrix } from './permission-matrix.tsx';

afterEach(cleanup);

function Matrix({ onChange }: { onChange: (p: Permissions) => void }) {
  const { control, watch } = useForm<{ permissions: Permissions }>({
    defaultValues: { permissions: emptyPermissions() },
  });
  onChange(watch('permissions'));
  return <PermissionMatrix control={control} name="permissions" />;
}

describe('permission matrix', () => {
  it('has a checkbox only where an area has the action, and sets that action', () => {
    let value = emptyPermissions();
    render(<Matrix onChange={(p) => (value = p)} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Area',
      'Submitter',
      'Editor',
      'Viewer',
    ]);
    expect(screen.queryByRole('checkbox', { name: 'Reports Submitter' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'User management Editor' }));
    expect(value.userManagement).toEqual({ create: false, update: true, read: false, delete: false });
    expect(value.config.update).toBe(false);
  });
});
