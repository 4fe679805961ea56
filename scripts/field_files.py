"""Office files for the field recorder's scratch data, written byte for byte with the standard
library (no openpyxl or reportlab in the recorder's venv): a minimal .xlsx workbook and a minimal
PDF. Both are fixed inputs, so that the servers that read them return the same results each time.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

Cell = str | int | float | None


def column(i: int) -> str:
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


def sheet_xml(rows: list[list[Cell]]) -> str:
    width = max(len(row) for row in rows)
    out = []
    for r, row in enumerate(rows, 1):
        cells = []
        for c, value in enumerate(row):
            ref = f"{column(c)}{r}"
            if value is None:
                continue
            if isinstance(value, str):
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>')
            else:
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
        out.append(f'<row r="{r}">{"".join(cells)}</row>')
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            f'<dimension ref="A1:{column(width - 1)}{len(rows)}"/><sheetData>{"".join(out)}</sheetData></worksheet>')


def write_xlsx(path: Path, sheets: dict[str, list[list[Cell]]]) -> None:
    """A workbook with one sheet per entry (values only: inline strings and numbers)."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg = "http://schemas.openxmlformats.org/package/2006/relationships"
    names = list(sheets)
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        for i in range(1, len(names) + 1)
    )
    files = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        f"{overrides}</Types>",
        "_rels/.rels": f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="{pkg}">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
        + "".join(f'<sheet name="{escape(n)}" sheetId="{i}" r:id="rId{i}"/>' for i, n in enumerate(names, 1))
        + "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="{pkg}">'
        + "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>' for i in range(1, len(names) + 1))
        + "</Relationships>",
    }
    for i, n in enumerate(names, 1):
        files[f"xl/worksheets/sheet{i}.xml"] = sheet_xml(sheets[n])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 20, 9, 15, 0))
            z.writestr(info, text, zipfile.ZIP_DEFLATED)


def write_pdf(path: Path, pages: list[list[str]], title: str, fields: dict[str, tuple[int, int, int, int]] | None = None) -> None:
    """A PDF with one page per list of lines, in Helvetica, and a title in its info dictionary;
    ``fields``: text fields of an AcroForm on the first page, name → rectangle (x0, y0, x1, y1 in
    points from the bottom left)."""

    def text(s: str) -> str:
        return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    objects: list[str] = []
    kids = []
    n = len(pages)
    # 1 catalog, 2 pages, 3 font, 4 info, then per page: page object, content stream
    for i, lines in enumerate(pages):
        page_id, content_id = 5 + 2 * i, 6 + 2 * i
        kids.append(f"{page_id} 0 R")
        ops = "BT /F1 12 Tf 72 760 Td 16 TL " + " ".join(f"({text(line)}) Tj T*" for line in lines) + " ET"
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents {content_id} 0 R >>")
        objects.append(f"<< /Length {len(ops)} >>\nstream\n{ops}\nendstream")
    widgets = [5 + 2 * n + i for i in range(len(fields or {}))]
    for name, rect in (fields or {}).items():
        box = " ".join(map(str, rect))
        objects.append(f"<< /Type /Annot /Subtype /Widget /FT /Tx /T ({text(name)}) /Rect [{box}] /P 5 0 R /F 4 /DA (/Helv 10 Tf 0 g) >>")
    if widgets:
        refs = " ".join(f"{w} 0 R" for w in widgets)
        objects[0] = objects[0][:-2] + f"/Annots [{refs}] >>"
    form = f" /AcroForm << /Fields [{refs}] /DA (/Helv 10 Tf 0 g) /DR << /Font << /Helv 3 0 R >> >> >>" if widgets else ""
    head = [
        f"<< /Type /Catalog /Pages 2 0 R{form} >>",
        f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {n} >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Title ({text(title)}) /Author (Ada Lovelace) /Producer (compile-ui field recorder) /CreationDate (D:20261120091500+01'00') >>",
    ]
    body = b"%PDF-1.4\n"
    offsets = []
    for i, obj in enumerate(head + objects, 1):
        offsets.append(len(body))
        body += f"{i} 0 obj\n{obj}\nendobj\n".encode("latin-1")
    xref = len(body)
    body += f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode()
    body += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    body += f"trailer\n<< /Size {len(offsets) + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(body)
