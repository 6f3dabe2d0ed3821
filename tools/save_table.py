#!/usr/bin/env python3
"""save_table.py: docs/save.md's table of time per save on each disk kind, made from what the QEMU
tests save_usb_bios, save_usb_uefi, save_ahci and save_ide recorded (tests/qemu/save_tests.py
writes save_<what>_ms into the run's results.json), not copied by hand. `make bench-save` runs
those tests and this.

    python3 tools/save_table.py build/bench-save/results.json [docs/save.md]

The table sits between the two marker comments in docs/save.md; everything else is left as is.
"""
import json
import sys

BEGIN = "<!-- save times table: made by tools/save_table.py -->"
END = "<!-- end of save times table -->"
DEVICES = (("save_usb_bios", "USB stick on xHCI, SeaBIOS"), ("save_usb_uefi", "USB stick on xHCI, OVMF"),
           ("save_ahci", "hard disk on AHCI (q35)"), ("save_ide", "hard disk on IDE (pc)"))
SAVES = (("scores", "high score (record)"), ("scores_txt", "`SCORES.TXT`"), ("settings", "settings (record)"),
         ("game", "saved game (record)"))


def table(records):
    """The markdown table: a row per device kind that passed, a column per kind of save."""
    rows = ["| disk | " + " | ".join(label for _, label in SAVES) + " |",
            "| --- |" + " --- |" * len(SAVES)]
    for name, label in DEVICES:
        r = records.get(name)
        if not r:
            continue
        cells = ["%.1f ms" % r["save_%s_ms" % key] if "save_%s_ms" % key in r else "-" for key, _ in SAVES]
        rows.append("| %s | %s |" % (label, " | ".join(cells)))
    return "\n".join(rows)


def main(argv):
    results, doc = argv[1], argv[2] if len(argv) > 2 else "docs/save.md"
    with open(results) as f:
        records = {r["name"]: r for r in json.load(f)["tests"] if r.get("passed")}
    if not any(name in records for name, _ in DEVICES):
        sys.exit("%s: no passed save_<disk> record" % results)
    with open(doc) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit("%s: no %s ... %s markers" % (doc, BEGIN, END))
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(doc, "w") as f:
        f.write(head + BEGIN + "\n" + table(records) + "\n" + END + tail)
    print(table(records))


if __name__ == "__main__":
    main(sys.argv)
