import type { AccessRequirement } from '@dosechain/contract';
import type { RouteAccess } from './access.ts';
import { API_PREFIX } from './access.ts';

/**
 * What the OpenAPI document says of each operation beyond its schemas (issue 20): a stable
 * operationId and a summary derived from the method and path, who may call it (from the access
 * the route declares, the same data the guard enforces), and no security for public routes.
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description: string;
  security?: [];
}

const words = (segment: string) => segment.replace(/^:/, '').split(/[-_]/);
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/v1/orders/:id/history` → `getOrdersIdHistory`: unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const segments = url.slice(API_PREFIX.length).split('/').filter(Boolean);
  return method.toLowerCase() + segments.flatMap(words).map(capitalized).join('');
}

/**
 * A short summary read off the path: `List drugs`, `Create drug`, `Get drug`, `Update drug` for a
 * collection and its records; otherwise the method and the path's words (`POST orders status
 * batch`).
 */
export function summaryOf(method: string, url: string): string {
  const segments = url.slice(API_PREFIX.length).split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const collection = segments
    .filter((s) => !s.startsWith(':'))
    .flatMap(words)
    .join(' ');
  const singular = collection.replace(/ies$/, 'y').replace(/s$/, '');
  const isRecord = last.startsWith(':') && segments.length === 2;
  if (segments.length === 1 && method === 'GET') return `List ${collection}`;
  if (segments.length === 1 && method === 'POST') return `Create ${singular}`;
  if (isRecord && method === 'GET') return `Get ${singular}`;
  if (isRecord && method === 'PUT') return `Update ${singular}`;
  return `${method} ${segments
    .filter((s) => !s.startsWith(':'))
    .flatMap(words)
    .join(' ')}`;
}

function requirementText(requirement: AccessRequirement): string {
  const parts: string[] = [];
  if (requirement.permissions?.length) parts.push(`permission ${requirement.permissions.join(' and ')}`);
  if (requirement.anyPermissions?.length)
    parts.push(`one of the permissions ${requirement.anyPermissions.join(', ')}`);
  if (requirement.roles?.length) parts.push(`active role ${requirement.roles.join(' or ')}`);
  return parts.length ? parts.join('; ') : 'any logged-in user';
}

/** Who may call a route, as its declared access says. */
export function accessText(access: RouteAccess | undefined): string {
  if (access === 'public') return 'Access: public (no token).';
  if (access === 'authenticated' || access === undefined) return 'Access: any logged-in user.';
  return `Access: ${requirementText(access)} (of the role named by the Role-Id header).`;
}

/** The operation's documentation from its method, URL and declared access. */
export function operationDoc(method: string, url: string, access: RouteAccess | undefined): OperationDoc {
  return {
    operationId: operationIdOf(method, url),
    summary: summaryOf(method, url),
    description: accessText(access),
    ...(access === 'public' ? { security: [] as [] } : {}),
  };
}
