/* compile-ui runtime, dates (issue 51 item 6): a DateTimeField binds as a TextField, except a
   date-time, which render.py draws as <input type=datetime-local>. Shipped only in pages whose
   form has a DateTimeField (runtime_js.MODULES): the typical page carries none of it.
   The picker shows the person's own clock; the field sends RFC 3339 with the offset of that
   moment in the browser's zone ("Z" at UTC+0), seconds included, as format date-time asks. A
   value given (a default, the host's arguments, a lead) is shown in local time and sent back
   exactly as given while the picker still shows it; one the picker cannot show turns the control
   into a text box holding the value as it is. */
((U) => {
  var UNSET = U.UNSET, ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;
  var pad = (/** @type {number} */ n) => String(Math.floor(n)).padStart(2, "0");

  /** A datetime-local value (local clock, no zone) → RFC 3339 with that moment's offset. @param {string} text */
  function zoned(text) {
    var parts = text.split(/\D/).map(Number), seconds = parts[5] || 0;
    var offset = -new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], seconds).getTimezoneOffset();
    return text.slice(0, 16) + ":" + pad(seconds) + (offset ? (offset < 0 ? "-" : "+") + pad(Math.abs(offset) / 60) + ":" + pad(Math.abs(offset) % 60) : "Z");
  }

  /** @param {UiNode} node @param {HTMLElement} wrapper @returns {Field} */
  function dateTimeField(node, wrapper) {
    var control = /** @type {HTMLInputElement} */ (wrapper.querySelector(".ctl"));
    var given = "", shown = "", initial = control.getAttribute("value"); // a zoned default the picker itself drops
    /** @param {Json | Unset} value */
    var write = (value) => {
      var time = typeof value === "string" && ZONED.test(value) ? new Date(value) : null;
      if (value !== UNSET && (!time || isNaN(time.getTime()))) { control.type = "text"; control.value = typeof value === "string" ? value : JSON.stringify(value); return; }
      given = time ? /** @type {string} */ (value) : "";
      shown = control.value = time ? new Date(time.getTime() - time.getTimezoneOffset() * 6e4).toISOString().slice(0, 19) : "";
    };
    var read = () => control.type !== "datetime-local" || !control.value ? control.value : given && control.value === shown ? given : zoned(control.value);
    if (initial) write(initial);
    return U.scalarField(node, wrapper, read, write, (text, field) => ZONED.test(text) ? text : U.markInvalid(field, M.notValid("date-time")), true);
  }

  var text = U.FIELDS.TextField;
  Object.assign(U.FIELDS, {
    DateTimeField: /** @type {(node: UiNode, wrapper: HTMLElement) => Field} */ ((node, wrapper) => /** @type {HTMLInputElement} */ (wrapper.querySelector(".ctl")).type === "datetime-local" ? dateTimeField(node, wrapper) : text(node, wrapper))
  });
})(CU);
