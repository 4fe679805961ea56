/* compile-ui runtime, choices: a checkbox (BooleanField), a select or radios (SelectField; a
   nullable boolean is one: Yes / No / Not set), a constant (ConstField). Shipped only in pages
   whose form has one (runtime_js.MODULES), and with fields.js (its multi-selects are drawn as
   these choices); concatenated after runtime.js in the same <script>, it adds its kinds to
   CU.FIELDS before the form is hydrated. */
((U) => {
  var UNSET = U.UNSET, base = U.base, scalar = U.scalar;

  // JSON values compared as values (keys in any order); fields.js compares with these too.
  function canon(v) {
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (v && typeof v === "object") return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
    return JSON.stringify(v);
  }
  function same(a, b) { return canon(a) === canon(b); }

  function selectField(node, w) {
    var p = node.props, opts = p.options, radios = w.querySelectorAll("input.opt");
    function read() {
      if (!radios.length) return w.querySelector(".ctl").value;
      for (var i = 0; i < radios.length; i++) if (radios[i].checked) return radios[i].value;
      return "";
    }
    function write(v) {
      var i = v === UNSET ? -1 : opts.findIndex((o) => same(o.value, v));
      if (radios.length) radios.forEach((r, j) => { r.checked = j === i; });
      else w.querySelector(".ctl").value = i < 0 ? "" : String(i);
    }
    var c = scalar(node, w, read, write, (s) => JSON.parse(JSON.stringify(opts[+s].value))), set = c.set, get = c.get;
    // null shows as the choice that holds it (a nullable boolean's "Not set"), where there is one.
    // That choice is shown before anyone chose: untouched, an optional field still sends nothing.
    c.set = (v) => { set(v); if (v === null) write(v); };
    if (opts.some((o) => o.value === null)) c.get = () => c.st === 0 && !p.required && p.default === undefined ? UNSET : get();
    if (radios.length) c.ctl = radios[0];
    return c;
  }

  function boolField(node, w) {
    var c = base(node, w), p = c.p, box = w.querySelector(".ctl");
    c.ctl = box;
    c.set = (v) => { box.checked = v === true; c.st = 1; };
    c.clear = () => { box.checked = false; c.st = 0; };
    c.get = () => !box.checked && c.st === 0 && !p.required ? UNSET : box.checked;
    return c;
  }

  function constField(node, w) {
    var c = base(node, w);
    c.set = c.clear = () => {};
    c.get = () => c.p.value; // fixed by the schema: always sent
    return c;
  }

  U.canon = canon; U.same = same;
  Object.assign(U.FIELDS, {
    BooleanField: boolField, SelectField: selectField, ConstField: constField
  });
})(CU);
