import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A loaded 2-core CI machine can take longer than the 1 s default to render a table; waiting
// longer only slows a test that is failing anyway.
configure({ asyncUtilTimeout: 5000 });

// Without Vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
