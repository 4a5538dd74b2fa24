import { z } from 'zod';
import { limits } from './limits.ts';
import { inputString } from './text.ts';

export const filterOps = ['eq', 'in', 'contains', 'startswith', 'ilike', 'lt', 'le', 'gt', 'ge'] as const;
export type FilterOp = (typeof filterOps)[number];

export interface FilterCondition {
  field: string;
  op: FilterOp;
  value: unknown;
}
export type FilterNode = FilterCondition | { and: FilterNode[] } | { or: FilterNode[] } | { not: FilterNode };
/** A filter is a list of conditions that must all hold, or a tree of and/or/not. */
export type Filter = FilterNode | FilterNode[];

const conditionSchema = z.strictObject({
  field: inputString().min(1),
  op: z.enum(filterOps),
  value: z.unknown(),
});
export const filterNodeSchema: z.ZodType<FilterNode> = z.lazy(() =>
  z.union([
    conditionSchema,
    z.strictObject({ and: z.array(filterNodeSchema) }),
    z.strictObject({ or: z.array(filterNodeSchema) }),
    z.strictObject({ not: filterNodeSchema }),
  ]),
) as z.ZodType<FilterNode>;
export const filterSchema: z.ZodType<Filter> = z.union([z.array(filterNodeSchema), filterNodeSchema]);

/** The query string of every list endpoint (API contract, Lists). `filter` is JSON text. */
export const listQuerySchema = z.strictObject({
  filter: inputString()
    .max(10_000)
    .optional()
    .describe(
      'JSON: a list of conditions that must all hold, or a tree. A condition is {"field","op","value"}, e.g. [{"field":"status","op":"in","value":["pending","accepted"]}]; a tree combines them with {"and":[…]}, {"or":[…]}, {"not":{…}}. Ops: eq, in, contains, startswith, ilike, lt, le, gt, ge. Fields are the resource\'s filterable names in snake_case (created_at, status, study_id, active, name, …); an unknown field or op is 400 VALIDATION_FAILED on filter.',
    ),
  sort: inputString()
    .max(500)
    .optional()
    .describe('Fields to sort by, comma-separated, each with a leading - for descending: -created_at,name.'),
  fields: inputString()
    .max(1000)
    .optional()
    .describe(
      "A projection: the comma-separated fields each item keeps (id always), e.g. id,number,status; the answer's item schema is the whole item, answered as it is when `fields` is absent.",
    ),
  search: inputString()
    .max(200)
    .optional()
    .describe("Text matched (contains, any case) against the resource's search fields, e.g. names."),
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number.'),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.pageSizeMax)
    .default(limits.pageSizeDefault)
    .describe(`Items per page, 1–${limits.pageSizeMax} (default ${limits.pageSizeDefault}).`),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The pages whose items `fields` may trim, each with the same page of whole items. */
const wholeItemPages = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A list's answer. A list route's items are partial (`fields` may leave out any field but `id`);
 * it names its `wholeItem` too — the item as answered without `fields` — which the OpenAPI
 * document shows, with `fields` as a projection of it (`wholeItemPageOf`).
 */
export function listResponseSchema<T extends z.ZodType>(item: T, wholeItem?: z.ZodType) {
  const page = z.object({ items: z.array(item), page: z.number().int(), total: z.number().int() });
  if (wholeItem) wholeItemPages.set(page, listResponseSchema(wholeItem));
  return page;
}

/** The page of whole items of a list route's answer (`listResponseSchema`'s `wholeItem`), if it named one. */
export function wholeItemPageOf(page: unknown): z.ZodType | undefined {
  return page instanceof z.ZodType ? wholeItemPages.get(page) : undefined;
}
export interface ListResponse<T> {
  items: T[];
  page: number;
  total: number;
}
