// ESLint for every TypeScript file we write (src, netlify, scripts, tests), run by `npm run lint`
// and by `npm test` as a gate: zero errors and zero warnings. Astro components are checked by
// `npm run typecheck` (astro check) instead.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';

/** Imports only point down: schemas -> server -> functions; lib -> stores -> components. */
const serverOffLimits = {
  group: ['**/server/*', '**/server'],
  message:
    'Browser code (lib/, stores/, components/) must not import src/server: it would ship server code to visitors.',
};
const componentsOffLimits = {
  group: ['**/components/*', '**/components/**'],
  message: 'lib/ sits below components/: move the shared part down into lib/ instead.',
};

/**
 * src/server is built in floors, listed here bottom up, and a folder imports only the folders
 * listed before it: each floor can then be read, tested and changed without the ones above it.
 * The order is the one the imports allow: every domain (outbound/'s notification settings too)
 * records its changes through publishing/; content, visitors and auth send mail or fetch through
 * outbound/; and an operation that needs several domains lives in workflows/, the top floor.
 */
const SERVER_FLOORS = [
  {
    folder: 'http',
    is: 'the HTTP edge (responses, errors, request parsing, CDN cache headers)',
    instead: 'Put the domain step in the domain folder, or in the function that calls both.',
  },
  {
    folder: 'storage',
    is: 'Blobs access (stores, keys, records, indexes)',
    instead:
      'Pass what it needs in as a value, or move the code up into the domain folder that uses it.',
  },
  { folder: 'publishing', is: 'the change pipeline (History, and the builds it asks for)' },
  { folder: 'outbound', is: 'mail, notifications and fetches to other sites' },
  { folder: 'content', is: 'the admin-edited content (collections, settings, uploads)' },
  { folder: 'visitors', is: 'what visitors send (messages, testimonials, the newsletter)' },
  { folder: 'auth', is: 'users, sessions and permissions' },
  { folder: 'workflows', is: 'the operations that span domains' },
];

/**
 * The patterns that keep a floor from importing the floors above it, each saying what to do instead.
 * `up` is the way from the importing file to src/server: `../` from a floor's own files, one more
 * `../` per subfolder (storage/ordered-index/), whose imports of the floors above are as banned.
 */
function floorRules(folder, up = '../') {
  const index = SERVER_FLOORS.findIndex((f) => f.folder === folder);
  const above = SERVER_FLOORS.slice(index + 1).map((f) => f.folder);
  if (above.length === 0) return [];
  const {
    is,
    instead = `Move the piece both need down into ${folder}/ or a lower floor, pass it in as a value, or put the operation that needs both in workflows/.`,
  } = SERVER_FLOORS[index];
  const below = {
    group: above.map((f) => `${up}${f}/*`),
    message: `${folder}/ is ${is}, a floor of src/server below ${above.join('/, ')}/ (SERVER_FLOORS in eslint.config.js): it imports none of them. ${instead}`,
  };
  return folder === 'storage' ? [below, storageUsesOnlyHttpErrors(up)] : [below];
}

/** storage/ takes only the error type from http/: responses and requests are the functions' business. */
const storageUsesOnlyHttpErrors = (up) => ({
  group: [`${up}http/*`, `!${up}http/errors`],
  message:
    'storage/ may use http/errors (to answer 404, 409 or 503) but no other part of the HTTP edge: return values and let the caller build the response.',
});
const functionsThroughPipeline = {
  group: ['**/server/publishing/history', '**/server/publishing/publish'],
  allowImportNames: ['publish'],
  message:
    "Functions do not write History or call the build hook themselves: call the domain operation (removeTestimonial, inviteUser, ...), which records the change through commitChange (publishing/history.ts). A build with no change to record is history.ts's `publish`, the one name a function may import from there.",
};
const rebuildThroughPipeline = {
  group: ['**/publish'],
  importNames: ['requestRebuild'],
  message:
    "Only the change pipeline asks for builds: use commitChange (publishing/history.ts) for a change, or history.ts's `publish` for a build with no change to record.",
};
/**
 * date-fns's package root pulls in its ~250 modules, and Node parses the package's large
 * package.json again for each one: a process that imports the root pays for all of them at start-up.
 * One function's own module is one file.
 */
const dateFnsByFunction = {
  name: 'date-fns',
  message:
    "Import each function from its own module (import { format } from 'date-fns/format'): the package root loads all ~250 of them at start-up.",
};
/**
 * lucide-react's index re-exports all ~2,100 icon modules, and a bundler reads every one of them
 * before it can drop the unused, in each bundle of every build. One icon's own module is one file.
 */
const lucideByIcon = {
  name: 'lucide-react',
  message:
    "Import each icon from its own module (import Pencil from 'lucide-react/icons/pencil'; the type LucideIcon from 'lucide-react/types'): the package index makes every build read all ~2,100 icons.",
};
/** The rule with the imports every file must avoid, plus a folder's own layer patterns. */
const restrictImports = (...patterns) => [
  'error',
  { paths: [dateFnsByFunction, lucideByIcon], patterns },
];

/**
 * The type names src/schemas exports (read from its files, so a new schema is covered at once).
 * The server and browser code both import these wire types; a local twin of one drifts from the
 * schema, so one side sends or stores what the other no longer reads.
 */
const schemaDir = new URL('./src/schemas/', import.meta.url);
const schemaTypeNames = readdirSync(schemaDir)
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) =>
    [
      ...readFileSync(new URL(file, schemaDir), 'utf8').matchAll(
        /^export (?:type|interface) (\w+)/gm,
      ),
    ].map((m) => m[1]),
  )
  .sort();
const wireTypeName = `/^(${schemaTypeNames.join('|')})$/`;
const twinMessage =
  'This name is a wire type exported by src/schemas (inferred from its zod schema). Import it with `import type` instead of declaring a copy here; for a part of it, use Pick<> or Omit<> on the import.';
const noWireTypeTwins = [
  'error',
  ...['TSInterfaceDeclaration', 'TSTypeAliasDeclaration'].map((node) => ({
    selector: `${node}[id.name=${wireTypeName}]`,
    message: twinMessage,
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'functions-dist/**',
      'node_modules/**',
      '.astro/**',
      '.netlify/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.astro',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x cannot resolve imports of .ts files, and no-self-import sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      // Import circles are found by `npm run lint:circles` (dpdm), not import-x/no-cycle: dpdm also
      // follows type-only imports, which no-cycle skips, and in a fraction of no-cycle's time.
      'import-x/no-self-import': 'error',
      'no-restricted-imports': restrictImports(),
      // Every package we import must be in package.json: a transitive copy can vanish or change
      // version under us with any unrelated upgrade.
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: true, includeTypes: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our dialogs move focus into themselves when opened (the WAI-ARIA dialog pattern).
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // Tests read response bodies loosely; their assertions check the shape.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/components/**', 'src/stores/**'],
    rules: { 'no-restricted-imports': restrictImports(serverOffLimits) },
  },
  {
    // The server sends wire types and browser code reads them: both take them from src/schemas.
    files: ['src/components/**', 'src/stores/**', 'src/server/**'],
    rules: { 'no-restricted-syntax': noWireTypeTwins },
  },
  {
    files: ['src/lib/**'],
    rules: { 'no-restricted-imports': restrictImports(serverOffLimits, componentsOffLimits) },
  },
  {
    // Stores hold state only: the components that use them show toasts and dialogs.
    files: ['src/stores/**'],
    rules: { 'no-restricted-imports': restrictImports(serverOffLimits, componentsOffLimits) },
  },
  // Each floor of src/server imports only the floors below it, and none but history.ts asks for builds.
  // A floor's files and those of its subfolders, two deep, each with its own way up to the others.
  ...SERVER_FLOORS.flatMap(({ folder }) =>
    [0, 1, 2].map((depth) => ({
      files: [`src/server/${folder}/${'*/'.repeat(depth)}*`],
      rules: {
        'no-restricted-imports': restrictImports(
          ...floorRules(folder, '../'.repeat(depth + 1)),
          rebuildThroughPipeline,
        ),
      },
    })),
  ),
  {
    files: ['src/server/publishing/history.ts'],
    rules: { 'no-restricted-imports': restrictImports(...floorRules('publishing')) },
  },
  {
    files: ['netlify/functions/**'],
    rules: { 'no-restricted-imports': restrictImports(functionsThroughPipeline) },
  },
);
