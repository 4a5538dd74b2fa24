import {
  type CheckInUseEntity,
  type ConfigResourceKey,
  configResourceKeys,
  configResourceOf,
} from '@dosechain/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../kernel/http/deps.ts';
import type { CheckedFields } from '../shared/index.ts';
import { type ConfigResource, configRoutes } from '../shared/index.ts';

/** Where the server side of a registry entry lives, from the repository's root. */
export const resourceFileOf = (key: string) => `server/src/modules/${key}/resource.ts`;

/** An import that failed because the file is not there (Node, Vitest, or the esbuild bundle). */
function isMissingModule(err: unknown): boolean {
  const { code, message } = err as { code?: string; message?: string };
  return (
    code === 'ERR_MODULE_NOT_FOUND' ||
    /Cannot find module|Failed to load url|not found in bundle|Unknown variable dynamic import/i.test(
      message ?? '',
    )
  );
}

/**
 * The server side of one registry entry: the default export of `modules/<key>/resource.ts`,
 * found by the key through the module's face, its index.ts (esbuild bundles every
 * `modules/<folder>/index.ts` for this import).
 * An entry without one is named in the error.
 */
export async function loadConfigResource(key: string): Promise<ConfigResource> {
  let loaded: { default?: ConfigResource };
  try {
    loaded = await import(`../${key}/index.ts`);
  } catch (err) {
    if (!isMissingModule(err)) throw err;
    throw new Error(
      `Configuration entity '${key}' has no server module: add ${resourceFileOf(key)} and its index.ts (docs/how-to/add-config-entity.md)`,
    );
  }
  const resource = loaded.default;
  if (resource?.key !== key) {
    throw new Error(
      `${resourceFileOf(key)} must export default defineConfigResource({ key: '${key}', … }) (docs/how-to/add-config-entity.md)`,
    );
  }
  const checkInUse = configResourceOf(key as ConfigResourceKey).checkInUse;
  if (checkInUse && !resource.unique) {
    throw new Error(
      `${resourceFileOf(key)} declares no \`unique\` fields for GET /check-in-use (its registry entry names '${checkInUse}')`,
    );
  }
  return resource;
}

/** The server side of the given registry entries, in their order. */
export function loadConfigResources(keys: readonly string[]): Promise<ConfigResource[]> {
  return Promise.all(keys.map(loadConfigResource));
}

let everyResource: Promise<ConfigResource[]> | undefined;

/** The server side of every registry entry, loaded once per process. */
export function configResourceModules(): Promise<ConfigResource[]> {
  everyResource ??= loadConfigResources(configResourceKeys);
  return everyResource;
}

/** Where `GET /check-in-use` finds each entity's values: from the resources that declare them. */
export async function checkInUseFields(): Promise<Partial<Record<CheckInUseEntity, CheckedFields>>> {
  const fields: Partial<Record<CheckInUseEntity, CheckedFields>> = {};
  for (const resource of await configResourceModules()) {
    const entity = configResourceOf(resource.key).checkInUse as CheckInUseEntity | undefined;
    if (entity && resource.unique) fields[entity] = resource.unique;
  }
  return fields;
}

/** Every configuration entity's routes (the registry's order), each under its entry's path. */
export async function configResourceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  for (const resource of await configResourceModules()) configRoutes(resource)(app, deps);
}
