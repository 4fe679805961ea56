/* compile-ui runtime, composite fields: multi-selects, files, tuples, lists, maps and unions.
   Shipped only in pages whose form has one (runtime_js.MODULES), always with choices.js (CU.sameJson,
   CU.canonicalJson); concatenated after runtime.js in the same <script>, it adds its kinds to CU.FIELDS
   before the form is hydrated. */
((U) => {
  /** @type {Unset} */
  var UNSET = U.UNSET;
  var bad = U.invalid, base = U.baseField, bind = U.bindField, scalar = U.scalarField, fail = U.markInvalid, own = U.ownChild;
  var same = U.sameJson, canon = U.canonicalJson, putOwn = U.putOwn, hasOwn = U.hasOwn, isObject = U.isObject, fieldsOf = U.fieldsOf;
  var keyOf = U.fieldKey, matches = U.matchesPattern, clones = 0;

  // A cloned template gets fresh ids (and fixed references to them) so labels keep working:
  // every id, and every attribute that names ids, gets the suffix "-<n>" of the nth clone.
  /** @param {HTMLTemplateElement} template @returns {HTMLElement} */
  function instantiate(template) {
    var fragment = /** @type {DocumentFragment} */ (template.content.cloneNode(true)), suffix = "-" + (++clones);
    ["id", "for", "name", "aria-describedby", "aria-labelledby", "aria-controls"].forEach((attribute) => {
      fragment.querySelectorAll("[" + attribute + "]").forEach((node) => {
        node.setAttribute(attribute, /** @type {string} */ (node.getAttribute(attribute)).split(" ").map((id) => id + suffix).join(" "));
      });
    });
    return /** @type {HTMLElement} */ (fragment.firstElementChild);
  }

  /**
   * MultiSelectField: checkboxes (input.opt) or a <select multiple>, one per props.options. The
   * values are sent in the order they were chosen.
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function multiField(node, wrapper) {
    var field = base(node, wrapper), props = field.p, options = /** @type {ChoiceOption[]} */ (props.options);
    /** @type {number[]} the chosen options' indexes, in the order they were chosen */
    var order = [];
    var boxes = /** @type {NodeListOf<HTMLInputElement>} */ (wrapper.querySelectorAll("input.opt"));
    var select = /** @type {HTMLSelectElement | null} */ (wrapper.querySelector("select.ctl"));
    /** @param {number} i */
    var isChosen = (i) => select ? select.options[i].selected : boxes[i].checked;
    /** @param {number} i @param {boolean} chosen */
    var choose = (i, chosen) => { if (select) select.options[i].selected = chosen; else boxes[i].checked = chosen; };
    field.ctl = select || boxes[0];
    for (var i = 0; i < options.length; i++) if (isChosen(i)) order.push(i);
    wrapper.addEventListener("change", () => { // keep the order in which choices were made
      order = order.filter(isChosen);
      for (var i = 0; i < options.length; i++) if (isChosen(i) && order.indexOf(i) < 0) order.push(i);
    });
    field.set = (value) => {
      field.st = 1; order = [];
      for (var i = 0; i < options.length; i++) choose(i, false);
      (Array.isArray(value) ? value : []).forEach((item) => {
        var i = options.findIndex((option) => same(option.value, item));
        if (i >= 0 && order.indexOf(i) < 0) { order.push(i); choose(i, true); }
      });
    };
    field.clear = () => { field.set([]); field.st = 0; };
    field.get = () => {
      if (!order.length && field.st === 0 && !props.required) return UNSET;
      if (props.minItems != null && order.length < props.minItems) return fail(field, M.chooseAtLeast(props.minItems));
      if (props.maxItems != null && order.length > props.maxItems) return fail(field, M.chooseAtMost(props.maxItems));
      return order.map((i) => JSON.parse(JSON.stringify(options[i].value)));
    };
    return field;
  }

  /**
   * FileField: a file input whose value is the file's content in base64 (read when chosen).
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function fileField(node, wrapper) {
    var control = /** @type {HTMLInputElement} */ (wrapper.querySelector(".ctl")), info = /** @type {HTMLElement} */ (wrapper.querySelector(".file-info")), base64 = "";
    control.addEventListener("change", () => {
      var file = control.files && control.files[0];
      base64 = "";
      if (!file) return;
      var chosen = file, reader = new FileReader();
      reader.onload = () => { base64 = String(reader.result).replace(/^data:[^,]*,/, ""); info.textContent = M.fileInfo(chosen.name, chosen.size); };
      reader.readAsDataURL(file);
    });
    return scalar(node, wrapper, () => base64, (value) => {
      base64 = typeof value === "string" ? value : ""; control.value = "";
      info.textContent = base64 ? M.prefilled(Math.floor(base64.length * 3 / 4)) : ""; // the decoded size, about
    }, (text) => text, true);
  }

  /**
   * TupleField: one field per position; items past the known positions (the host's) are kept.
   * Trailing positions left empty are left out; an empty one before a filled one is an error.
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function tupleField(node, wrapper) {
    var field = base(node, wrapper), props = node.props;
    /** @type {Json[]} */
    var extraItems = [];
    var positions = fieldsOf(node.children).map((child) => bind(child, wrapper));
    field.set = (value) => {
      field.st = 1;
      var items = Array.isArray(value) ? value : [];
      positions.forEach((position, i) => { if (i < items.length) position.set(items[i]); else position.clear(); });
      extraItems = items.slice(positions.length);
    };
    field.clear = () => { positions.forEach((position) => { position.clear(); }); extraItems = []; field.st = 0; };
    field.get = () => {
      if (field.st === 0 && !props.required) return UNSET; // an optional tuple nobody touched
      var values = positions.map((position) => position.get()), filled = values.length;
      while (filled && values[filled - 1] === UNSET) filled--;
      for (var i = 0; i < filled; i++) if (values[i] === UNSET) return fail(field, M.fillPosition(i + 1));
      return /** @type {Json[]} */ (values.slice(0, filled)).concat(filled === positions.length ? extraItems : []);
    };
    return field;
  }

  /**
   * Lists and maps share the add/remove machinery: rows cloned from the field's <template>.
   * @param {UiNode} node @param {HTMLElement} wrapper
   * @param {(item: HTMLElement) => { f: Field, k?: HTMLInputElement }} makeRow binds a new row's fields
   * @returns {RowsField}
   */
  function rows(node, wrapper, makeRow) {
    var field = /** @type {RowsField} */ (base(node, wrapper));
    var list = /** @type {HTMLElement} */ (own(wrapper, ".body")), template = /** @type {HTMLTemplateElement} */ (own(wrapper, "template"));
    var addButton = /** @type {HTMLElement} */ (own(wrapper, "[data-action=add]"));
    field.rows = [];
    field.add = (focus) => {
      var item = instantiate(template);
      list.appendChild(item);
      var row = /** @type {FieldRow} */ (makeRow(item));
      row.li = item;
      field.rows.push(row);
      /** @type {HTMLElement} */ (item.querySelector(":scope > [data-action=remove]")).addEventListener("click", () => {
        item.remove();
        field.rows.splice(field.rows.indexOf(row), 1);
        field.st = 2;
        addButton.focus();
      });
      if (focus) { var first = /** @type {HTMLElement | null} */ (item.querySelector("input,select,textarea")); if (first) first.focus(); }
      return row;
    };
    addButton.addEventListener("click", () => { field.st = 2; field.add(true); });
    field.reset = () => { field.rows.forEach((row) => { row.li.remove(); }); field.rows = []; };
    field.ctl = addButton;
    return field;
  }

  /**
   * ArrayField: a row per item, each the field of node.children[0]. An empty row sends null.
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function arrayField(node, wrapper) {
    var props = node.props, itemNode = /** @type {UiNode[]} */ (node.children)[0];
    var field = rows(node, wrapper, (item) => ({ f: bind(itemNode, item) }));
    field.set = (value) => {
      field.reset(); field.st = 1;
      (Array.isArray(value) ? value : []).forEach((item) => { field.add().f.set(item); });
    };
    field.clear = () => { field.reset(); field.st = 0; };
    field.get = () => {
      if (!field.rows.length && field.st === 0 && !props.required) return UNSET;
      /** @type {Json[]} */
      var values = [];
      field.rows.forEach((row) => { var value = row.f.get(); values.push(value === UNSET ? null : value); });
      if (props.minItems != null && values.length < props.minItems) return fail(field, M.addAtLeast(props.minItems));
      if (props.maxItems != null && values.length > props.maxItems) return fail(field, M.atMostItems(props.maxItems));
      if (props.uniqueItems && new Set(values.map(canon)).size < values.length) return fail(field, M.unique);
      return values;
    };
    return field;
  }

  /**
   * MapField: a row per entry, a key input and the field of node.children[0]. A key that is empty,
   * repeated or not matching keyPattern is marked on its own input.
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function mapField(node, wrapper) {
    var props = node.props, valueNode = /** @type {UiNode[]} */ (node.children)[0];
    var field = rows(node, wrapper, (item) => ({ k: /** @type {HTMLInputElement} */ (item.querySelector(".key")), f: bind(valueNode, item) }));
    field.set = (value) => {
      field.reset(); field.st = 1;
      if (isObject(value)) Object.keys(value).forEach((key) => { var row = field.add(); /** @type {HTMLInputElement} */ (row.k).value = key; row.f.set(value[key]); });
    };
    field.clear = () => { field.reset(); field.st = 0; };
    field.get = () => {
      if (!field.rows.length && field.st === 0 && !props.required) return UNSET;
      /** @type {{ [key: string]: Json }} */
      var object = {};
      var entries = 0, badBefore = bad.length;
      field.rows.forEach((row) => {
        var keyInput = /** @type {HTMLInputElement} */ (row.k), key = keyInput.value;
        var errorLine = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (keyInput.parentNode).querySelector(".err"));
        if (key === "" || hasOwn(object, key) || (props.keyPattern && !matches(props.keyPattern, key))) {
          errorLine.textContent = key === "" ? M.enterKey : hasOwn(object, key) ? M.duplicateKey : M.mustMatch(props.keyPattern);
          keyInput.setAttribute("aria-invalid", "true"); bad.push(keyInput);
          return;
        }
        var value = row.f.get();
        putOwn(object, key, value === UNSET ? null : value); entries++;
      });
      if (bad.length > badBefore) return UNSET;
      if (props.minProperties != null && entries < props.minProperties) return fail(field, M.addAtLeast(props.minProperties));
      if (props.maxProperties != null && entries > props.maxProperties) return fail(field, M.atMostEntries(props.maxProperties));
      return object;
    };
    return field;
  }

  /**
   * UnionField: a <select> of branches, each a <template> bound when first chosen; a value set
   * picks the first branch it fits (fits()).
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function unionField(node, wrapper) {
    var field = base(node, wrapper), props = node.props, branchNodes = /** @type {UiNode[]} */ (node.children);
    var select = /** @type {HTMLSelectElement} */ (own(wrapper, ".choose > select")), body = /** @type {HTMLElement} */ (own(wrapper, ".body"));
    var templates = /** @type {NodeListOf<HTMLTemplateElement>} */ (wrapper.querySelectorAll(":scope > template"));
    /** @type {{ el: HTMLElement, f: Field }[]} the branches bound so far, by index */
    var made = [];
    field.ctl = select;
    /** @param {number} i */
    function branch(i) {
      if (!made[i]) { var element = instantiate(templates[i]); made[i] = { el: element, f: bind(branchNodes[i], element) }; }
      return made[i];
    }
    /** Shows branch i; -1: none. @param {number} i */
    function pick(i) {
      select.value = i < 0 ? "" : String(i);
      body.replaceChildren();
      if (i >= 0) body.appendChild(branch(i).el);
    }
    select.addEventListener("change", () => { pick(select.value === "" ? -1 : +select.value); });
    pick(props.required ? 0 : -1);
    field.set = (value) => {
      field.st = 1;
      var i = branchNodes.findIndex((branchNode) => fits(branchNode, value));
      pick(i < 0 ? 0 : i);
      branch(i < 0 ? 0 : i).f.set(value);
    };
    field.clear = () => { made.forEach((bound) => { if (bound) bound.f.clear(); }); pick(props.required ? 0 : -1); field.st = 0; };
    field.get = () => select.value === "" ? UNSET : branch(+select.value).f.get();
    return field;
  }

  /**
   * Whether a value belongs to a field node (a union's branch; first fit wins).
   * @param {{ type: string, props: NodeProps, children?: UiNode[] }} node @param {unknown} value @returns {boolean}
   */
  function fits(node, value) {
    var props = node.props, type = node.type;
    if (value === null) return !!props.nullable || (type === "ConstField" && props.value === null);
    if (type === "TextField" || type === "DateTimeField" || type === "FileField") return typeof value === "string";
    if (type === "NumberField") return typeof value === "number" && (!props.integer || Number.isInteger(value));
    if (type === "BooleanField") return typeof value === "boolean";
    if (type === "ConstField") return same(props.value, value);
    if (type === "SelectField") return /** @type {ChoiceOption[]} */ (props.options).some((option) => same(option.value, value));
    if (type === "MultiSelectField") return Array.isArray(value) && value.every((item) => fits({ type: "SelectField", props: props }, item));
    if (type === "ArrayField") return Array.isArray(value) && value.every((item) => fits(/** @type {UiNode[]} */ (node.children)[0], item));
    if (type === "TupleField") {
      var positions = fieldsOf(node.children);
      return Array.isArray(value) && (!!props.additionalItems || value.length <= positions.length) && positions.every((position, i) => i >= value.length || fits(position, value[i]));
    }
    if (type === "MapField") return isObject(value);
    if (type === "UnionField") return /** @type {UiNode[]} */ (node.children).some((branchNode) => fits(branchNode, value));
    if (type === "ObjectField") {
      if (!isObject(value)) return false;
      var properties = fieldsOf(node.children), takesOthers = properties.some((property) => property.props.rest), known = {};
      for (var i = 0; i < properties.length; i++) {
        var property = properties[i];
        if (property.props.rest) continue;
        var key = keyOf(property);
        putOwn(known, key, 1);
        // A required property must be there, unless a constant (the form sends it anyway).
        if (hasOwn(value, key) ? !fits(property, value[key]) : property.props.required && property.type !== "ConstField") return false;
      }
      return takesOthers || Object.keys(value).every((key) => hasOwn(known, key));
    }
    return true; // JsonField takes anything
  }

  Object.assign(U.FIELDS, {
    MultiSelectField: multiField, FileField: fileField, TupleField: tupleField, ArrayField: arrayField,
    MapField: mapField, UnionField: unionField
  });
})(CU);
