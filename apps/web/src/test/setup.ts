import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after this long: 1 s (the default) is too short for a busy 2-core CI
// machine, where a refetch and its render have taken over a second.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  // Tests of the server's renderer run without a DOM.
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
