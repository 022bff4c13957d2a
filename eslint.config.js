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

// src/server is layered too: http/ (the HTTP edge) and storage/ (Blobs access) are the floor every
// domain folder (auth, content, visitors, publishing, outbound) builds on, and know none of them.
const DOMAINS = ['auth', 'content', 'visitors', 'publishing', 'outbound'];
const storageBelowAll = {
  group: [...DOMAINS.map((d) => `../${d}/*`), '../http/*', '!../http/errors'],
  message:
    'storage/ is the floor of src/server: it may use http/errors but nothing above it. Pass what it needs in as a value, or move the code up into the domain folder that uses it.',
};
const httpKnowsNoDomain = {
  group: [...DOMAINS.map((d) => `../${d}/*`), '../storage/*'],
  message:
    'http/ is the HTTP edge (responses, errors, request parsing): it knows no storage or domain folder. Put the domain step in the domain folder, or in the function that calls both.',
};
const functionsThroughPipeline = {
  group: ['**/server/publishing/history', '**/server/publishing/publish'],
  message:
    'Functions do not write History or ask for builds themselves: call the domain operation (removeTestimonial, inviteUser, publishNow in site-changes.ts, ...), which goes through the change pipeline (commitChange in publishing/history.ts).',
};
const rebuildThroughPipeline = {
  group: ['**/publish'],
  importNames: ['requestRebuild'],
  message:
    'Only the change pipeline asks for builds: use commitChange, or rebuildSite for a build with no History entry of its own (publishing/history.ts).',
};
/**
 * date-fns's package.json is 200 KB of export rules, and Node parses it again for each of the
 * ~250 modules the package root pulls in: `import … from 'date-fns'` cost 1.3-2.5 s of every test
 * process and local function host that loaded it. One function's own module costs milliseconds.
 */
const dateFnsByFunction = {
  name: 'date-fns',
  message:
    "Import each function from its own module (import { format } from 'date-fns/format'): the package root loads all ~250 of them, at seconds of start-up.",
};
/**
 * lucide-react's index re-exports all ~2,100 icon modules, and a bundler reads every one of them
 * before it can drop the unused: each page build did so twice (server and browser bundles), about
 * a fifth of a warm build's CPU time and a third of a cold one's. One icon's own module is one file.
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
 * Browser code imports these wire types; a local twin of one drifts from what the server sends.
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
      // follows type-only imports, which no-cycle skips, and in 5 s where no-cycle took half of
      // ESLint's time (7 of 13 s by TIMING=1).
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
    rules: {
      'no-restricted-imports': restrictImports(serverOffLimits),
      'no-restricted-syntax': noWireTypeTwins,
    },
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
  {
    files: ['src/server/**'],
    ignores: ['src/server/publishing/history.ts'],
    rules: { 'no-restricted-imports': restrictImports(rebuildThroughPipeline) },
  },
  {
    files: ['src/server/storage/**'],
    rules: { 'no-restricted-imports': restrictImports(storageBelowAll) },
  },
  {
    files: ['src/server/http/**'],
    rules: { 'no-restricted-imports': restrictImports(httpKnowsNoDomain) },
  },
  {
    files: ['netlify/functions/**'],
    rules: { 'no-restricted-imports': restrictImports(functionsThroughPipeline) },
  },
);
