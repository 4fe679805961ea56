/* compile-ui runtime, composite fields: multi-selects, files, tuples, lists, maps and unions.
   Shipped only in pages whose form has one (runtime_js.MODULES); concatenated after runtime.js in
   the same <script>, it adds its kinds to CU.FIELDS before the form is hydrated. */
((U) => {
  var UNSET = U.UNSET, bad = U.bad, base = U.base, bind = U.bind, scalar = U.scalar, fail = U.fail, own = U.own;
  var same = U.same, canon = U.canon, put = U.put, has = U.has, isObj = U.isObj, fieldsOf = U.fieldsOf;
  var keyOf = U.keyOf, matches = U.matches, seq = 0;

  // A cloned template gets fresh ids (and fixed references to them) so labels keep working.
  function instantiate(tpl) {
    var frag = tpl.content.cloneNode(true), s = "-" + (++seq);
    ["id", "for", "name", "aria-describedby", "aria-labelledby", "aria-controls"].forEach((a) => {
      frag.querySelectorAll("[" + a + "]").forEach((n) => {
        n.setAttribute(a, n.getAttribute(a).split(" ").map((x) => x + s).join(" "));
      });
    });
    return frag.firstElementChild;
  }

  function multiField(node, w) {
    var c = base(node, w), p = c.p, opts = p.options, order = [];
    var boxes = w.querySelectorAll("input.opt"), sel = w.querySelector("select.ctl");
    var on = (i) => sel ? sel.options[i].selected : boxes[i].checked;
    var put = (i, v) => { if (sel) sel.options[i].selected = v; else boxes[i].checked = v; };
    c.ctl = sel || boxes[0];
    for (var i = 0; i < opts.length; i++) if (on(i)) order.push(i);
    w.addEventListener("change", () => { // keep the order in which choices were made
      order = order.filter(on);
      for (var i = 0; i < opts.length; i++) if (on(i) && order.indexOf(i) < 0) order.push(i);
    });
    c.set = (v) => {
      c.st = 1; order = [];
      for (var i = 0; i < opts.length; i++) put(i, false);
      (Array.isArray(v) ? v : []).forEach((x) => {
        var i = opts.findIndex((o) => same(o.value, x));
        if (i >= 0 && order.indexOf(i) < 0) { order.push(i); put(i, true); }
      });
    };
    c.clear = () => { c.set([]); c.st = 0; };
    c.get = () => {
      if (!order.length && c.st === 0 && !p.required) return UNSET;
      if (p.minItems != null && order.length < p.minItems) return fail(c, M.chooseAtLeast(p.minItems));
      if (p.maxItems != null && order.length > p.maxItems) return fail(c, M.chooseAtMost(p.maxItems));
      return order.map((i) => JSON.parse(JSON.stringify(opts[i].value)));
    };
    return c;
  }

  function fileField(node, w) {
    var ctl = w.querySelector(".ctl"), info = w.querySelector(".file-info"), b64 = "";
    ctl.addEventListener("change", () => {
      var f = ctl.files && ctl.files[0];
      b64 = "";
      if (!f) return;
      var r = new FileReader();
      r.onload = () => { b64 = String(r.result).replace(/^data:[^,]*,/, ""); info.textContent = M.fileInfo(f.name, f.size); };
      r.readAsDataURL(f);
    });
    return scalar(node, w, () => b64, (v) => {
      b64 = typeof v === "string" ? v : ""; ctl.value = "";
      info.textContent = b64 ? M.prefilled(Math.floor(b64.length * 3 / 4)) : "";
    }, (s) => s, true);
  }

  function tupleField(node, w) {
    var c = base(node, w), p = node.props, extra = [];
    var kids = fieldsOf(node.children).map((n) => bind(n, w));
    c.set = (v) => {
      c.st = 1; v = Array.isArray(v) ? v : [];
      kids.forEach((k, i) => { if (i < v.length) k.set(v[i]); else k.clear(); });
      extra = v.slice(kids.length);
    };
    c.clear = () => { kids.forEach((k) => { k.clear(); }); extra = []; c.st = 0; };
    c.get = () => {
      if (c.st === 0 && !p.required) return UNSET; // an optional tuple nobody touched
      var vals = kids.map((k) => k.get()), n = vals.length;
      while (n && vals[n - 1] === UNSET) n--;
      for (var i = 0; i < n; i++) if (vals[i] === UNSET) return fail(c, M.fillPosition(i + 1));
      return vals.slice(0, n).concat(n === kids.length ? extra : []);
    };
    return c;
  }

  // Lists and maps share the add/remove machinery: rows cloned from the field's <template>.
  function rows(node, w, makeRow) {
    var c = base(node, w), list = own(w, ".body"), tpl = own(w, "template"), addBtn = own(w, "[data-action=add]");
    c.rows = [];
    c.add = (focus) => {
      var li = instantiate(tpl);
      list.appendChild(li);
      var row = makeRow(li);
      row.li = li;
      c.rows.push(row);
      li.querySelector(":scope > [data-action=remove]").addEventListener("click", () => {
        li.remove();
        c.rows.splice(c.rows.indexOf(row), 1);
        c.st = 2;
        addBtn.focus();
      });
      if (focus) { var f = li.querySelector("input,select,textarea"); if (f) f.focus(); }
      return row;
    };
    addBtn.addEventListener("click", () => { c.st = 2; c.add(true); });
    c.reset = () => { c.rows.forEach((r) => { r.li.remove(); }); c.rows = []; };
    c.ctl = addBtn;
    return c;
  }

  function arrayField(node, w) {
    var p = node.props, item = node.children[0];
    var c = rows(node, w, (li) => ({ f: bind(item, li) }));
    c.set = (v) => {
      c.reset(); c.st = 1;
      (Array.isArray(v) ? v : []).forEach((x) => { c.add().f.set(x); });
    };
    c.clear = () => { c.reset(); c.st = 0; };
    c.get = () => {
      if (!c.rows.length && c.st === 0 && !p.required) return UNSET;
      var vals = [];
      c.rows.forEach((r) => { var v = r.f.get(); vals.push(v === UNSET ? null : v); });
      if (p.minItems != null && vals.length < p.minItems) return fail(c, M.addAtLeast(p.minItems));
      if (p.maxItems != null && vals.length > p.maxItems) return fail(c, M.atMostItems(p.maxItems));
      if (p.uniqueItems && new Set(vals.map(canon)).size < vals.length) return fail(c, M.unique);
      return vals;
    };
    return c;
  }

  function mapField(node, w) {
    var p = node.props, value = node.children[0];
    var c = rows(node, w, (li) => ({ k: li.querySelector(".key"), f: bind(value, li) }));
    c.set = (v) => {
      c.reset(); c.st = 1;
      if (isObj(v)) Object.keys(v).forEach((k) => { var r = c.add(); r.k.value = k; r.f.set(v[k]); });
    };
    c.clear = () => { c.reset(); c.st = 0; };
    c.get = () => {
      if (!c.rows.length && c.st === 0 && !p.required) return UNSET;
      var o = {}, n = 0, before = bad.length;
      c.rows.forEach((r) => {
        var k = r.k.value, e = r.k.parentNode.querySelector(".err");
        if (k === "" || has(o, k) || (p.keyPattern && !matches(p.keyPattern, k))) {
          e.textContent = k === "" ? M.enterKey : has(o, k) ? M.duplicateKey : M.mustMatch(p.keyPattern);
          r.k.setAttribute("aria-invalid", "true"); bad.push(r.k);
          return;
        }
        var v = r.f.get();
        put(o, k, v === UNSET ? null : v); n++;
      });
      if (bad.length > before) return UNSET;
      if (p.minProperties != null && n < p.minProperties) return fail(c, M.addAtLeast(p.minProperties));
      if (p.maxProperties != null && n > p.maxProperties) return fail(c, M.atMostEntries(p.maxProperties));
      return o;
    };
    return c;
  }

  function unionField(node, w) {
    var c = base(node, w), p = node.props, sel = own(w, ".choose > select"), body = own(w, ".body");
    var tpls = w.querySelectorAll(":scope > template"), made = [];
    c.ctl = sel;
    function branch(i) {
      if (!made[i]) { var n = instantiate(tpls[i]); made[i] = { el: n, f: bind(node.children[i], n) }; }
      return made[i];
    }
    function pick(i) {
      sel.value = i < 0 ? "" : String(i);
      body.replaceChildren();
      if (i >= 0) body.appendChild(branch(i).el);
    }
    sel.addEventListener("change", () => { pick(sel.value === "" ? -1 : +sel.value); });
    pick(p.required ? 0 : -1);
    c.set = (v) => {
      c.st = 1;
      var i = node.children.findIndex((n) => fits(n, v));
      pick(i < 0 ? 0 : i);
      branch(i < 0 ? 0 : i).f.set(v);
    };
    c.clear = () => { made.forEach((b) => { if (b) b.f.clear(); }); pick(p.required ? 0 : -1); c.st = 0; };
    c.get = () => sel.value === "" ? UNSET : branch(+sel.value).f.get();
    return c;
  }

  // Which union branch a value belongs to (first fit wins).
  function fits(n, v) {
    var p = n.props, t = n.type;
    if (v === null) return !!p.nullable || (t === "ConstField" && p.value === null);
    if (t === "TextField" || t === "DateTimeField" || t === "FileField") return typeof v === "string";
    if (t === "NumberField") return typeof v === "number" && (!p.integer || Number.isInteger(v));
    if (t === "BooleanField") return typeof v === "boolean";
    if (t === "ConstField") return same(p.value, v);
    if (t === "SelectField") return p.options.some((o) => same(o.value, v));
    if (t === "MultiSelectField") return Array.isArray(v) && v.every((x) => fits({ type: "SelectField", props: p }, x));
    if (t === "ArrayField") return Array.isArray(v) && v.every((x) => fits(n.children[0], x));
    if (t === "TupleField") {
      var kids = fieldsOf(n.children);
      return Array.isArray(v) && (p.additionalItems || v.length <= kids.length) && kids.every((k, i) => i >= v.length || fits(k, v[i]));
    }
    if (t === "MapField") return isObj(v);
    if (t === "UnionField") return n.children.some((k) => fits(k, v));
    if (t === "ObjectField") {
      if (!isObj(v)) return false;
      var fs = fieldsOf(n.children), rest = fs.some((k) => k.props.rest), known = {};
      for (var i = 0; i < fs.length; i++) {
        var k = fs[i];
        if (k.props.rest) continue;
        var key = keyOf(k);
        put(known, key, 1);
        if (has(v, key) ? !fits(k, v[key]) : k.props.required && k.type !== "ConstField") return false;
      }
      return rest || Object.keys(v).every((key) => has(known, key));
    }
    return true; // JsonField takes anything
  }

  Object.assign(U.FIELDS, {
    MultiSelectField: multiField, FileField: fileField, TupleField: tupleField, ArrayField: arrayField,
    MapField: mapField, UnionField: unionField
  });
})(CU);
