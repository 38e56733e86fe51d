import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Tests of the server's renderer run without a DOM.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
