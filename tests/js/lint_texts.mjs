// Lints texts as if they were runtime modules, with the runtime's own ESLint config, in one
// process (tests/test_runtime_lint.py): stdin a JSON list of [filename, text]; stdout a JSON list
// of each text's messages. Run from runtime_js/ (the config's directory).
import { ESLint } from "eslint";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const [filePath, text] of JSON.parse(input)) {
  const [result] = await eslint.lintText(text, { filePath });
  out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, line: m.line })));
}
process.stdout.write(JSON.stringify(out));
