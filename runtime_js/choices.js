/* compile-ui runtime, choices: a checkbox (BooleanField), a select or radios (SelectField; a
   nullable boolean is one: Yes / No / Not set), a constant (ConstField). Shipped only in pages
   whose form has one (runtime_js.MODULES), and with fields.js (its multi-selects are drawn as
   these choices); concatenated after runtime.js in the same <script>, it adds its kinds to
   CU.FIELDS before the form is hydrated. It also sets CU.canonicalJson and CU.sameJson (JSON values compared
   as values), which fields.js uses. */
((U) => {
  /** @type {Unset} */
  var UNSET = U.UNSET;
  var base = U.baseField, scalar = U.scalarField;

  /**
   * A JSON value's canonical text: its JSON with every object's keys sorted, so two values are
   * equal exactly when their canonical texts are (fields.js compares with it too).
   * @param {unknown} value @returns {string}
   */
  function canon(value) {
    if (Array.isArray(value)) return "[" + value.map(canon).join(",") + "]";
    if (value && typeof value === "object") return "{" + Object.keys(value).sort().map((key) => JSON.stringify(key) + ":" + canon(/** @type {{ [key: string]: unknown }} */ (value)[key])).join(",") + "}";
    return JSON.stringify(value);
  }
  /** @param {unknown} a @param {unknown} b */
  function same(a, b) { return canon(a) === canon(b); }

  /**
   * SelectField: a <select> whose option values are the indexes of props.options, or radios
   * (input.opt) with the same values. The value sent is a copy of the option's JSON value.
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function selectField(node, wrapper) {
    var props = node.props, options = /** @type {ChoiceOption[]} */ (props.options);
    var radios = /** @type {NodeListOf<HTMLInputElement>} */ (wrapper.querySelectorAll("input.opt"));
    function read() {
      if (!radios.length) return /** @type {HTMLSelectElement} */ (wrapper.querySelector(".ctl")).value;
      for (var i = 0; i < radios.length; i++) if (radios[i].checked) return radios[i].value;
      return "";
    }
    /** @param {Json | Unset} value */
    function write(value) {
      var chosen = value === UNSET ? -1 : options.findIndex((option) => same(option.value, value));
      if (radios.length) radios.forEach((radio, i) => { radio.checked = i === chosen; });
      else /** @type {HTMLSelectElement} */ (wrapper.querySelector(".ctl")).value = chosen < 0 ? "" : String(chosen);
    }
    var field = scalar(node, wrapper, read, write, (index) => JSON.parse(JSON.stringify(options[+index].value)));
    var set = field.set, get = field.get;
    // null shows as the choice that holds it (a nullable boolean's "Not set"), where there is one.
    // That choice is shown before anyone chose: untouched, an optional field still sends nothing.
    field.set = (value) => { set(value); if (value === null) write(value); };
    if (options.some((option) => option.value === null)) field.get = () => field.st === 0 && !props.required && props.default === undefined ? UNSET : get();
    if (radios.length) field.ctl = radios[0];
    return field;
  }

  /**
   * BooleanField: a checkbox. Unchecked and untouched, an optional one sends nothing.
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function boolField(node, wrapper) {
    var field = base(node, wrapper), props = field.p, box = /** @type {HTMLInputElement} */ (wrapper.querySelector(".ctl"));
    field.ctl = box;
    field.set = (value) => { box.checked = value === true; field.st = 1; };
    field.clear = () => { box.checked = false; field.st = 0; };
    field.get = () => !box.checked && field.st === 0 && !props.required ? UNSET : box.checked;
    return field;
  }

  /** ConstField: no control. @param {UiNode} node @param {HTMLElement} wrapper @returns {Field} */
  function constField(node, wrapper) {
    var field = base(node, wrapper);
    field.set = field.clear = () => {};
    field.get = () => /** @type {Json} */ (field.p.value); // fixed by the schema: always sent
    return field;
  }

  U.canonicalJson = canon; U.sameJson = same;
  Object.assign(U.FIELDS, {
    BooleanField: boolField, SelectField: selectField, ConstField: constField
  });
})(CU);
