import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Sign-ins check passwords at bcrypt cost 4 instead of 12 (src/server/auth/users.ts): the same code
    // path, without minutes of hashing across hundreds of sign-ins.
    env: { TEST_BCRYPT_COST: '4' },
    // One test file per core. Vitest's default leaves one core free (for an editor in watch mode),
    // which on a two-core machine ran every file one after another.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file runs the real platform (functions + Blobs on a temp folder) in its own process.
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 200_000,
          hookTimeout: 200_000,
        },
      },
    ],
  },
});
