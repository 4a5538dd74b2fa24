import { auditEntityTypes, configResourceKeys, configResources } from '@dosechain/contract';
import { describe, expect, it } from 'vitest';
import { auditEntities } from '../features/audit-trail/audit-entities.ts';
import { appRoutes, configPageFileOf, configPageOf, configScreenPath, missingConfigPage } from './routes.tsx';

// The web side of the contract's registry (docs/how-to/add-config-entity.md): each entry's
// screen, menu item and audit-trail choice, and the entry without a screen named.
describe('the registry in the web app', () => {
  it.each(configResourceKeys)(
    '%s has its screen (features/<key>/config-page.tsx or composed in app/)',
    (key) => {
      expect(configPageOf(key), `add ${configPageFileOf(key)}`).toBeDefined();
    },
  );

  it.each(configResourceKeys)('%s has its route and menu item, with what reading it needs', (key) => {
    const route = appRoutes.find((r) => r.path === configScreenPath(key));
    expect(route?.menu?.label).toBe(configResources[key].label.plural);
    expect(route?.requirement).toBe(configResources[key].access.read);
  });

  it('puts configuration under /config and user management under /user-management', () => {
    expect(configScreenPath('drugs')).toBe('/config/drugs');
    expect(configScreenPath('clinical-sites')).toBe('/config/clinical-sites');
    expect(configScreenPath('users')).toBe('/user-management/users');
  });

  it.each(auditEntityTypes)(
    '%s is a choice of the audit trail, with the read permission the server checks',
    (type) => {
      expect(auditEntities.filter((e) => e.entityType === type)).toHaveLength(1);
    },
  );

  it('lists the audit trail’s entity types by label, as the spec does', () => {
    const labels = auditEntities.map((e) => e.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(labels.slice(0, 3)).toEqual(['Availabilities', 'Clinical Site', 'CMO']);
  });

  it('finds no screen for an entry without a config-page.tsx, and names the file to add', async () => {
    expect(configPageOf('widgets', {})).toBeUndefined();
    // Its route's screen fails to load (the route's error screen shows), naming the file.
    await expect(missingConfigPage('widgets').preload()).rejects.toThrow(
      "Configuration entity 'widgets' has no screen: add web/src/features/widgets/config-page.tsx",
    );
    const found = configPageOf('widgets', {
      '../features/widgets/config-page.tsx': async () => ({ default: () => null }),
    });
    expect(found).toBeDefined();
    await expect(found!.preload()).resolves.toHaveProperty('default');
  });
});
