// The runtime's JS minifier (python -m runtime_js.build): stdin → stdout, terser with the options
// below, pinned in tests/js/package-lock.json so the bytes are reproducible. Safe transforms only
// (no "unsafe" option); names at a module's top level are kept (el, elAdd, CU: modules share them).
// ASCII only ("…" written "\u2026"): a page all ASCII is one byte a character in the proxy's
// memory (Python's str), where one "…" in it made every character two.
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
  format: { comments: false, ascii_only: true },
});
process.stdout.write(done.code + "\n");
