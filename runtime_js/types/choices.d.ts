// choices.js's part of CU. Absent from a page whose form has no choice; fields.js, which reads
// them, always ships with choices.js (runtime_js.MODULES).
interface CompileUi {
  /** A JSON value's canonical text (object keys sorted): equal values, equal texts. */
  canonicalJson(value: unknown): string;
  /** Whether two JSON values are equal as values (keys in any order). */
  sameJson(a: unknown, b: unknown): boolean;
}
