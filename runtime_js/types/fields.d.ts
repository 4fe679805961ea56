// fields.js adds field kinds to CU.FIELDS and no member of its own; these are its row types.

/** A row of a list or a map (fields.js rows()): its <li>, the field of its value, a map's key input. */
interface FieldRow {
  li: HTMLElement;
  f: Field;
  k?: HTMLInputElement;
}

/** A list or a map: rows cloned from the field's <template>. */
interface RowsField extends Field {
  rows: FieldRow[];
  /** Adds an empty row (focus: its first control takes the focus). */
  add(focus?: boolean): FieldRow;
  /** Removes every row. */
  reset(): void;
}
