// The runtime's shared internals (CU): runtime.js sets the core; every other module adds its
// part, declared in its own types/<module>.d.ts as `interface CompileUi { … }` (TypeScript
// merges the declarations). Checked with the sources by tests/js/tsconfig.json.
interface CompileUi {}
