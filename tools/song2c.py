#!/usr/bin/python3
"""song2c: turns the songs in game/songs/*.txt (a small text tracker format) into C data for drivers/sound/song.h.

Usage: song2c.py -o build/gen/songs.c --header build/gen/songs.h game/songs/*.txt
       song2c.py --check game/songs/title.txt      (validate only)

The format (docs/music.md has the whole of it):

    # comment (from a '#' at the start of a word: C#4 is a note)
    song title                      the song's name (= the file stem)
    speed 9                         140 Hz ticks per row, 1..255
    instrument flute  char=21,21 level=3F,00 ad=F0,F4 sr=00,77 wave=00,00 fb=0 conn=0
                                    OPL2 register values, modulator then carrier
    voices lead:flute bass:bass     one column per voice (OPL channel 0, 1, ...), at most 9
    pattern A                       rows until `end`, one cell per voice:
    C-5 C-3                           a note (C-4 = middle C, C#4, Db4 ... B-7; octaves 0..7)
    --- ...                           `---` key off, `...` nothing new
    end
    order A A B                     the patterns in playing order
    loop 1                          order position to go back to after the last (default 0),
                                    or `loop none`: play once (a jingle)

Any problem is reported as "<file>:<line>: <what>" and the exit status is 1;
nothing is written unless every song converts.
"""

import argparse
import os
import re
import sys

MAX_VOICES = 9
NOTE_MIN, NOTE_MAX = 12, 107            # MIDI C0..B7 (drivers/sound/oplvoice.h)
CELL_HOLD, CELL_OFF = 0, 1
NO_LOOP = 0xFFFF
MAX_ROWS = 4096
NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
REGISTER_PAIRS = ("char", "level", "ad", "sr", "wave")
WAVE_MAX = 3                             # OPL2 has four waveforms


class SongError(Exception):
    """A malformed song: the message starts with file:line."""


def note_number(text):
    """'C-4' -> 60, 'C#4' -> 61, 'Db4' -> 61; None if it is not a note name."""
    m = re.fullmatch(r"([A-G])([-#b])([0-9])", text)
    if not m:
        return None
    n = NAMES[m.group(1)] + {"-": 0, "#": 1, "b": -1}[m.group(2)]
    return (int(m.group(3)) + 1) * 12 + n


def note_hz(n):
    return 440.0 * 2 ** ((n - 69) / 12.0)


class Song:
    def __init__(self, path):
        self.path = path
        self.name = None
        self.speed = None
        self.instruments = {}           # name -> 11 register values
        self.voices = []                # [(voice name, instrument name)]
        self.patterns = {}              # name -> [[cell per voice]]
        self.order = None
        self.loop = 0
        self.rows = []                  # flattened: [[cell per voice]]
        self.loop_row = 0


def parse_hex_pair(where, key, value):
    parts = value.split(",")
    if len(parts) != 2:
        raise SongError("%s: %s= wants two hex bytes, modulator,carrier: %r" % (where, key, value))
    out = []
    for p in parts:
        if not re.fullmatch(r"[0-9A-Fa-f]{1,2}", p):
            raise SongError("%s: %s=: %r is not a hex byte" % (where, key, p))
        out.append(int(p, 16))
    if key == "level" and any(v > 0x3F | 0xC0 for v in out):
        raise SongError("%s: level=: out of range" % where)
    if key == "wave" and any(v > WAVE_MAX for v in out):
        raise SongError("%s: wave=: OPL2 waveforms are 0..%d" % (where, WAVE_MAX))
    return out


def parse_instrument(where, words):
    if len(words) < 2:
        raise SongError("%s: instrument needs a name and its registers" % where)
    fields = {}
    for w in words[2:]:
        key, eq, value = w.partition("=")
        if not eq:
            raise SongError("%s: instrument field %r is not key=value" % (where, w))
        if key in fields:
            raise SongError("%s: instrument field %s= given twice" % (where, key))
        if key in REGISTER_PAIRS:
            fields[key] = parse_hex_pair(where, key, value)
        elif key == "fb":
            if not re.fullmatch(r"[0-7]", value):
                raise SongError("%s: fb= is the feedback 0..7, not %r" % (where, value))
            fields[key] = int(value)
        elif key == "conn":
            if value not in ("0", "1"):
                raise SongError("%s: conn= is 0 (FM) or 1 (additive), not %r" % (where, value))
            fields[key] = int(value)
        else:
            raise SongError("%s: unknown instrument field %s= (want %s, fb, conn)"
                            % (where, key, ", ".join(REGISTER_PAIRS)))
    missing = [k for k in REGISTER_PAIRS + ("fb", "conn") if k not in fields]
    if missing:
        raise SongError("%s: instrument %s lacks %s" % (where, words[1], ", ".join(k + "=" for k in missing)))
    regs = []
    for k in REGISTER_PAIRS:
        regs += fields[k]
    regs.append(fields["fb"] << 1 | fields["conn"])
    return regs


def parse_cell(where, text):
    if text == "...":
        return CELL_HOLD
    if text == "---":
        return CELL_OFF
    n = note_number(text)
    if n is None:
        raise SongError("%s: %r is not a note (C-4, C#4, Db4 ...), --- or ..." % (where, text))
    if not NOTE_MIN <= n <= NOTE_MAX:
        raise SongError("%s: note %s is outside C-0..B-7" % (where, text))
    return n


def parse(path, text=None):
    """Parse one song file; raises SongError naming the line."""
    if text is None:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    s = Song(path)
    pattern = None                      # (name, rows, line) while inside one
    for number, raw in enumerate(text.splitlines(), 1):
        where = "%s:%d" % (path, number)
        words = re.split(r"(?:^|\s)#", raw, maxsplit=1)[0].split()
        if not words:
            continue
        if pattern is not None:
            if words == ["end"]:
                if not pattern[1]:
                    raise SongError("%s: pattern %s has no rows" % (where, pattern[0]))
                s.patterns[pattern[0]] = pattern[1]
                pattern = None
                continue
            if len(words) != len(s.voices):
                raise SongError("%s: %d cells, the song has %d voices" % (where, len(words), len(s.voices)))
            pattern[1].append([parse_cell(where, w) for w in words])
            continue
        key, args = words[0], words[1:]
        if key == "song":
            if len(args) != 1 or not re.fullmatch(r"[a-z][a-z0-9_]*", args[0]):
                raise SongError("%s: song wants one name of a-z 0-9 _" % where)
            stem = os.path.splitext(os.path.basename(path))[0]
            if args[0] != stem:
                raise SongError("%s: song %s is in %s: name and file must agree" % (where, args[0], stem))
            s.name = args[0]
        elif key == "speed":
            if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= 255:
                raise SongError("%s: speed wants ticks per row, 1..255" % where)
            s.speed = int(args[0])
        elif key == "instrument":
            if len(args) >= 1 and args[0] in s.instruments:
                raise SongError("%s: instrument %s defined twice" % (where, args[0]))
            s.instruments[args[0] if args else ""] = parse_instrument(where, words)
        elif key == "voices":
            if s.voices:
                raise SongError("%s: voices given twice" % where)
            if not 1 <= len(args) <= MAX_VOICES:
                raise SongError("%s: %d voices, an OPL2 has 1..%d" % (where, len(args), MAX_VOICES))
            for a in args:
                name, colon, ins = a.partition(":")
                if not colon or not name or not ins:
                    raise SongError("%s: voice %r is not name:instrument" % (where, a))
                if ins not in s.instruments:
                    raise SongError("%s: voice %s plays instrument %s, which is not defined above"
                                    % (where, name, ins))
                s.voices.append((name, ins))
        elif key == "pattern":
            if not s.voices:
                raise SongError("%s: pattern before voices" % where)
            if len(args) != 1:
                raise SongError("%s: pattern wants one name" % where)
            if args[0] in s.patterns:
                raise SongError("%s: pattern %s defined twice" % (where, args[0]))
            pattern = (args[0], [], number)
        elif key == "end":
            raise SongError("%s: end outside a pattern" % where)
        elif key == "order":
            if not args:
                raise SongError("%s: order names no pattern" % where)
            for a in args:
                if a not in s.patterns:
                    raise SongError("%s: order names pattern %s, which is not defined above" % (where, a))
            s.order = args
        elif key == "loop":
            if args == ["none"]:
                s.loop = None
            elif len(args) == 1 and args[0].isdigit():
                s.loop = int(args[0])
            else:
                raise SongError("%s: loop wants an order position or `none`" % where)
            s.loop_line = where
        elif note_number(key) is not None or key in ("---", "..."):
            raise SongError("%s: a row outside a pattern" % where)
        else:
            raise SongError("%s: unknown word %r (song, speed, instrument, voices, pattern, end, order, loop)"
                            % (where, key))
    end = "%s:%d" % (path, len(text.splitlines()))
    if pattern is not None:
        raise SongError("%s:%d: pattern %s has no `end`" % (path, pattern[2], pattern[0]))
    for what, value in (("song", s.name), ("speed", s.speed), ("voices", s.voices or None),
                        ("order", s.order)):
        if value is None:
            raise SongError("%s: no `%s` line" % (end, what))
    if s.loop is not None and s.loop >= len(s.order):
        raise SongError("%s: loop %d, but the order has %d positions" % (s.loop_line, s.loop, len(s.order)))
    for i, p in enumerate(s.order):
        if s.loop is not None and i == s.loop:
            s.loop_row = len(s.rows)
        s.rows += [list(r) for r in s.patterns[p]]
    if s.loop is None:
        s.loop_row = NO_LOOP
    if len(s.rows) > MAX_ROWS:
        raise SongError("%s: %d rows, at most %d" % (end, len(s.rows), MAX_ROWS))
    return s


def first_notes(song, voice=0, count=8):
    """[(row, MIDI note)] of the first `count` notes keyed on in one voice."""
    out = []
    for i, row in enumerate(song.rows):
        if row[voice] >= NOTE_MIN:
            out.append((i, row[voice]))
            if len(out) == count:
                break
    return out


def c_song(s):
    ident = "song_" + s.name
    lines = ["static const OplInstrument %s_ins[%d] = {" % (ident, len(s.voices))]
    for name, ins in s.voices:
        r = s.instruments[ins]
        lines.append("\t{ 0x%02X, 0x%02X, 0x%02X, 0x%02X, 0x%02X, 0x%02X, 0x%02X, 0x%02X, 0x%02X, 0x%02X, 0x%02X },"
                     "\t/* %s: %s */" % tuple(r + [name, ins]))
    lines.append("};")
    lines.append("static const uint8_t %s_cells[%d] = {" % (ident, len(s.rows) * len(s.voices)))
    for row in s.rows:
        lines.append("\t" + " ".join("%d," % c for c in row))
    lines.append("};")
    lines.append("const Song %s = {" % ident)
    lines.append('\t.name = "%s", .voices = %d, .speed = %d, .rows = %d, .loop_row = %d,'
                 % (s.name, len(s.voices), s.speed, len(s.rows), s.loop_row))
    lines.append("\t.instruments = %s_ins, .cells = %s_cells," % (ident, ident))
    lines.append("};")
    return "\n".join(lines) + "\n"


def write_outputs(songs, out_c, out_h):
    songs = sorted(songs, key=lambda s: s.name)
    head = "/* Generated by tools/song2c.py from game/songs/NAME.txt: do not edit. */\n"
    h = [head, "#ifndef GEN_SONGS_H", "#define GEN_SONGS_H", "", '#include "song.h"', ""]
    h += ["extern const Song song_%s;" % s.name for s in songs]
    h += ["", "#define SONG_COUNT %d" % len(songs), "extern const Song *const songs[SONG_COUNT];", "", "#endif"]
    c = [head, "#include <stdint.h>", "", '#include "songs.h"', ""]
    c += [c_song(s) for s in songs]
    c.append("const Song *const songs[SONG_COUNT] = { %s };" % ", ".join("&song_" + s.name for s in songs))
    for path, text in ((out_h, "\n".join(h) + "\n"), (out_c, "\n".join(c) + "\n")):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("songs", nargs="+")
    ap.add_argument("-o", "--out-c")
    ap.add_argument("--header")
    ap.add_argument("--check", action="store_true", help="validate only")
    args = ap.parse_args(argv)
    try:
        songs = [parse(p) for p in args.songs]
        names = [s.name for s in songs]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise SongError("song %s given twice" % ", ".join(dup))
    except (SongError, OSError) as err:
        print("song2c: error: %s" % err, file=sys.stderr)
        return 1
    if not args.check:
        if not args.out_c or not args.header:
            ap.error("-o and --header are needed unless --check")
        write_outputs(songs, args.out_c, args.header)
    return 0


if __name__ == "__main__":
    sys.exit(main())
