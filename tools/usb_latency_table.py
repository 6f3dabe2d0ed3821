#!/usr/bin/env python3
"""usb_latency_table.py: docs/usb.md's table of key-down to game latency per USB controller kind,
made from what the QEMU test usb_old_latency recorded (tests/qemu/usbold_tests.py writes
<kind>_latency_median_ms, _p90_ms and _max_ms into the run's results.json), not copied by hand.

    python3 tools/usb_latency_table.py build/test-qemu/results.json [docs/usb.md]

The table sits between the two marker comments in docs/usb.md; everything else is left as is.
"""
import json
import sys

BEGIN = "<!-- usb_old_latency table: made by tools/usb_latency_table.py -->"
END = "<!-- end of usb_old_latency table -->"
KINDS = (("uhci", "USB on UHCI (`piix3-usb-uhci`)"), ("ohci", "USB on OHCI (`pci-ohci`)"),
         ("ehci", "USB on EHCI (`usb-ehci`, high speed)"))


def table(record):
    """The markdown table of one usb_old_latency record: a row per kind it measured."""
    rows = ["| keyboard | median | 90% | max |", "| --- | --- | --- | --- |"]
    for kind, label in KINDS:
        if "%s_latency_median_ms" % kind in record:
            rows.append("| %s | %.1f ms | %.1f ms | %.1f ms |" % (
                label, record["%s_latency_median_ms" % kind], record["%s_latency_p90_ms" % kind],
                record["%s_latency_max_ms" % kind]))
    return "\n".join(rows)


def main(argv):
    results, doc = argv[1], argv[2] if len(argv) > 2 else "docs/usb.md"
    with open(results) as f:
        records = [r for r in json.load(f)["tests"] if r.get("name") == "usb_old_latency" and r.get("passed")]
    if not records:
        sys.exit("%s: no passed usb_old_latency record" % results)
    with open(doc) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit("%s: no %s ... %s markers" % (doc, BEGIN, END))
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(doc, "w") as f:
        f.write(head + BEGIN + "\n" + table(records[-1]) + "\n" + END + tail)
    print("%s: latency table from %s (%s)" % (doc, results, ", ".join(k for k, _ in KINDS)))


if __name__ == "__main__":
    main(sys.argv)
