// The runtime's linter (scripts/test.sh): ESLint's recommended rules, and what the runtime
// promises never to do, checked rather than remembered: no markup from strings (innerHTML and its
// kin), no code from strings (eval, Function, string timers), no document.write, no inline
// handler attributes. The packages live in tests/js/node_modules (pinned by its lockfile).
//   tests/js/node_modules/.bin/eslint --config runtime_js/eslint.config.mjs runtime_js
import { createRequire } from "node:module";

const require = createRequire(new URL("../tests/js/", import.meta.url));
const js = require("@eslint/js");
const globals = require("globals");

const MARKUP = "markup from a string: build DOM nodes with el() and set text with textContent";
const CODE = "code from a string: the CSP allows only the runtime's own hashed code";

export default [
  { ignores: ["*.min.js", "*.mjs", "types/**"] },
  js.configs.recommended,
  {
    files: ["*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: {
        ...globals.browser,
        // The runtime's own globals (runtime.js defines them; the other modules use them) and
        // the words the build writes in (runtime_js.words).
        el: "readonly", elAdd: "readonly", CU: "writable", M: "readonly",
      },
    },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      // The views read terminal output on purpose: ANSI escapes and control characters.
      "no-control-regex": "off",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-script-url": "error",
      "no-restricted-globals": ["error", { name: "Function", message: CODE }, { name: "execScript", message: CODE }],
      "no-restricted-properties": [
        "error",
        { property: "innerHTML", message: MARKUP },
        { property: "outerHTML", message: MARKUP },
        { property: "insertAdjacentHTML", message: MARKUP },
        { property: "createContextualFragment", message: MARKUP },
        { property: "setHTMLUnsafe", message: MARKUP },
        { property: "parseHTMLUnsafe", message: MARKUP },
        { property: "srcdoc", message: MARKUP },
        { object: "document", property: "write", message: MARKUP },
        { object: "document", property: "writeln", message: MARKUP },
        { object: "DOMParser", message: MARKUP },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='DOMParser']", message: MARKUP },
        { selector: "CallExpression[callee.property.name='parseFromString']", message: MARKUP },
        // An attribute named on… set from code would be a handler built from a string.
        { selector: "CallExpression[callee.property.name=/^setAttribute(NS)?$/][arguments.0.type='Literal'][arguments.0.value=/^on/i]",
          message: "an inline event handler attribute: pass a function to el() or addEventListener" },
        { selector: "Property[key.name=/^on/i][value.type='Literal']",
          message: "an inline event handler attribute: pass a function to el() or addEventListener" },
        { selector: "CallExpression[callee.name=/^set(Timeout|Interval)$/][arguments.0.type=/Literal|TemplateLiteral|BinaryExpression/]", message: CODE },
      ],
    },
  },
  // runtime.js defines the globals the others use.
  { files: ["runtime.js"], languageOptions: { globals: { el: "off", elAdd: "off", CU: "off" } } },
];
