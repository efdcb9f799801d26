import { defineConfig } from 'vitest/config'

// Server tests: real SQLite or real PostgreSQL (TEST_DB=sqlite|postgres), real multipart bodies.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['server/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every answer the tests see is checked against the OpenAPI document (server/test/openapi-answers.ts).
    setupFiles: ['server/test/openapi-setup.ts'],
  },
})
