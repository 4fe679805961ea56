// dates.js as shipped: a date-time picker (datetime-local: the person's clock, no zone) sends
// RFC 3339 with the offset of that moment in the browser's zone; a value given is sent back as
// given; one the picker cannot show leaves a text box holding it. The zone is Europe/Oslo here
// (+01:00 in winter, +02:00 in summer), set for this file's process.
process.env.TZ = "Europe/Oslo";
import { test } from "node:test";
import assert from "node:assert/strict";
import { hydrated, plain, word } from "./forms.mjs";

const sent = (form) => plain(form.CU.collect()).at;

test("a date-time picker sends the local clock with that moment's offset, seconds included", async () => {
  const form = await hydrated("kitchen_sink");
  assert.equal(form.control("/at").type, "datetime-local");
  form.input("/at", "2024-01-05T10:00");
  assert.equal(sent(form), "2024-01-05T10:00:00+01:00");
  form.input("/at", "2024-07-05T10:00:30");
  assert.equal(sent(form), "2024-07-05T10:00:30+02:00", "summer time: the offset of that moment, not of today");
  form.input("/at", "2024-07-05 10:00");
  assert.equal(sent(form), undefined);
  assert.equal(form.error("/at"), word("notValid", "date-time"));
});

test("a value the host sent is shown in local time and sent back exactly as sent", async () => {
  const form = await hydrated("kitchen_sink");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { at: "2024-01-05T09:30:00Z" } });
  assert.equal(form.control("/at").value, "2024-01-05T10:30:00");
  assert.equal(sent(form), "2024-01-05T09:30:00Z");
  form.input("/at", "2024-01-05T11:30:00"); // changed by the person: their clock, its offset
  assert.equal(sent(form), "2024-01-05T11:30:00+01:00");
});

test("a value the picker cannot show turns it into a text box holding the value", async () => {
  const form = await hydrated("kitchen_sink");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { at: "next tuesday" } });
  assert.equal(form.control("/at").type, "text");
  assert.equal(form.control("/at").value, "next tuesday");
  assert.equal(sent(form), undefined);
  assert.equal(form.error("/at"), word("notValid", "date-time"));
});

test("a date stays a date picker and sends its text as typed", async () => {
  const form = await hydrated("kitchen_sink");
  assert.equal(form.control("/since").type, "date");
  form.input("/since", "2024-01-05");
  assert.equal(plain(form.CU.collect()).since, "2024-01-05");
});
