import type { MutationOptions } from '../../kernel/audit/mutation.ts';

/**
 * What an update of a record that can be active or inactive means for its signature, and
 * whether it needs a reason (inactivation does).
 */
export function updateMeaning(
  label: string,
  wasActive: boolean,
  active: boolean | undefined,
): MutationOptions {
  if (active === false && wasActive) return { meaning: `Inactivated ${label}`, requireReason: true };
  if (active === true && !wasActive) return { meaning: `Activated ${label}` };
  return { meaning: `Updated ${label}` };
}
