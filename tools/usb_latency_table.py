#!/usr/bin/env python3
"""usb_latency_table.py: docs/usb.md's tables of input-to-game latency per USB controller kind, made
from what the QEMU tests recorded into the run's results.json, not copied by hand:

  - keyboards: usb_old_latency (tests/qemu/usbold_tests.py) writes <kind>_latency_median_ms,
    _p90_ms and _max_ms for UHCI, OHCI and EHCI;
  - pads: each pad_<kind>_bios cell (tests/qemu/pad_tests.py: QEMU's usb-tablet as a pad,
    padtest=tablet) writes pad_latency_median_ms, _p90_ms and _max_ms.

    python3 tools/usb_latency_table.py build/test-qemu/results.json [docs/usb.md]

Each table sits between its two marker comments in docs/usb.md and is rewritten when results.json
has its records (a run of only the pad tests leaves the keyboards' table as it was); everything
else is left as is. No record for either table is an error, as are missing markers.
"""
import json
import sys

BEGIN = "<!-- usb_old_latency table: made by tools/usb_latency_table.py -->"
END = "<!-- end of usb_old_latency table -->"
PAD_BEGIN = "<!-- pad latency table: made by tools/usb_latency_table.py -->"
PAD_END = "<!-- end of pad latency table -->"
KINDS = (("uhci", "USB on UHCI (`piix3-usb-uhci`)"), ("ohci", "USB on OHCI (`pci-ohci`)"),
         ("ehci", "USB on EHCI (`usb-ehci`, high speed)"))
PAD_KINDS = (("xhci", "xHCI (`qemu-xhci`)"), ("ehci", "EHCI (`ich9-usb-ehci1`, high speed)"),
             ("uhci", "UHCI (`piix3-usb-uhci`)"), ("ohci", "OHCI (`pci-ohci`)"))


def row(label, rec, prefix):
    return "| %s | %.1f ms | %.1f ms | %.1f ms |" % (label, rec[prefix + "median_ms"], rec[prefix + "p90_ms"],
                                                   rec[prefix + "max_ms"])


def table(record):
    """The keyboards' markdown table of one usb_old_latency record: a row per kind it measured."""
    rows = ["| keyboard | median | 90% | max |", "| --- | --- | --- | --- |"]
    for kind, label in KINDS:
        if "%s_latency_median_ms" % kind in record:
            rows.append(row(label, record, "%s_latency_" % kind))
    return "\n".join(rows)


def pad_table(cells):
    """The pads' markdown table: a row per controller kind with a passed pad_<kind>_bios record."""
    rows = ["| pad (QEMU's usb-tablet) on | median | 90% | max |", "| --- | --- | --- | --- |"]
    for kind, label in PAD_KINDS:
        if kind in cells:
            rows.append(row(label, cells[kind], "pad_latency_"))
    return "\n".join(rows)


def put(text, begin, end, body, doc):
    if begin not in text or end not in text:
        sys.exit("%s: no %s ... %s markers" % (doc, begin, end))
    head, rest = text.split(begin, 1)
    return head + begin + "\n" + body + "\n" + end + rest.split(end, 1)[1]


def main(argv):
    results, doc = argv[1], argv[2] if len(argv) > 2 else "docs/usb.md"
    with open(results) as f:
        tests = [r for r in json.load(f)["tests"] if r.get("passed")]
    kbd = [r for r in tests if r.get("name") == "usb_old_latency"]
    pads = {r["name"][4:-5]: r for r in tests
            if r.get("name", "").startswith("pad_") and r["name"].endswith("_bios") and "pad_latency_median_ms" in r}
    if not kbd and not pads:
        sys.exit("%s: no passed usb_old_latency or pad_<kind>_bios record" % results)
    with open(doc) as f:
        text = f.read()
    if kbd:
        text = put(text, BEGIN, END, table(kbd[-1]), doc)
    if pads:
        text = put(text, PAD_BEGIN, PAD_END, pad_table(pads), doc)
    with open(doc, "w") as f:
        f.write(text)
    print("%s: latency tables from %s (%s%s%s)" % (doc, results, "keyboards" if kbd else "",
                                                  ", " if kbd and pads else "", "pads: " + ", ".join(sorted(pads))
                                                  if pads else ""))


if __name__ == "__main__":
    main(sys.argv)
