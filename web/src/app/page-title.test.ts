import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';
import { appRoutes, routeTitles } from './routes.tsx';

describe('pageTitle', () => {
  it('names the screen of the path, then the product', () => {
    expect(pageTitle('/place-order')).toBe('Place order — DoseChain');
    expect(pageTitle('/orders/12')).toBe('Order — DoseChain');
    expect(pageTitle('/config/cmos/3')).toBe('CMO — DoseChain');
    expect(pageTitle('/login')).toBe('Log in — DoseChain');
    expect(pageTitle('/no/such/page')).toBe('Page not found — DoseChain');
  });

  it("names the product alone, as the mails do, for a screen with no name (not the spec's on-screen title)", () => {
    const unnamed = [{ ...appRoutes[0]!, path: '/unnamed', menu: undefined }];
    expect(pageTitle('/unnamed', unnamed)).toBe('DoseChain');
  });

  it('has a name for every route of the table', () => {
    const unnamed = appRoutes.filter((r) => !r.menu?.label && !routeTitles[r.path]).map((r) => r.path);
    expect(unnamed).toEqual([]);
    const titles = new Set(appRoutes.map((r) => pageTitle(r.path.replace(':id', '1'))));
    expect(titles.size).toBeGreaterThan(20);
  });
});
