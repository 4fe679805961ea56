// The runtime's JS minifier (python -m runtime_js.build): stdin → stdout, terser with the options
// below, pinned in tests/js/package-lock.json so the bytes are reproducible. Safe transforms only
// (no "unsafe" option); names at a module's top level are kept (el, elAdd, CU: modules share them).
import { createRequire } from "node:module";

// argv[2]: the node_modules that hold terser (tests/js/node_modules).
const { minify } = createRequire(process.argv[2] + "/")("terser");

let text = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) text += chunk;
const done = await minify(text, {
  ecma: 2020,
  compress: { passes: 3 },
  mangle: true,
  format: { comments: false },
});
process.stdout.write(done.code + "\n");
