/**
 * The server side of the contract's registry (docs/how-to/add-config-entity.md): every entry
 * has its module (`modules/<key>/resource.ts`) and its worked example (config-examples.ts), and
 * an entry missing either is named, with the file to add.
 */
import { configResourceKeys, configResourceOf } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { checkInUseFields, loadConfigResource } from '../src/modules/config-resources/load.ts';
import { exampleOf } from './config-examples.ts';

describe('the registry on the server', () => {
  it.each(configResourceKeys)('%s has its module, with its key', async (key) => {
    const resource = await loadConfigResource(key);
    expect(resource.key).toBe(key);
  });

  it.each(configResourceKeys)('%s has its example create and update bodies', (key) => {
    expect(exampleOf(key)).toMatchObject({ create: expect.any(Function), update: expect.any(Function) });
  });

  it('answers GET /check-in-use for every entity an entry names', async () => {
    const fields = await checkInUseFields();
    for (const key of configResourceKeys) {
      const entity = configResourceOf(key).checkInUse;
      if (entity) expect(fields, key).toHaveProperty([entity]);
    }
  });

  it('names an entry without a module, and the file to add', async () => {
    await expect(loadConfigResource('widgets')).rejects.toThrow(
      "Configuration entity 'widgets' has no server module: add server/src/modules/widgets/resource.ts and its index.ts",
    );
  });

  it('names an entry without an example', () => {
    expect(() => exampleOf('widgets')).toThrow(
      "Configuration entity 'widgets' has no example: add one to configExamples in server/test/config-examples.ts",
    );
  });
});
