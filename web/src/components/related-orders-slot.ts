import type { FilterCondition } from '@dosechain/contract';
import type { ComponentType } from 'react';

/**
 * A record's View Related Orders row action. The orders feature draws it and app/ hands it to
 * other features' screens, since features do not import each other.
 */
export type RelatedOrdersSlot = ComponentType<{ title: string; filter: FilterCondition }>;
