#!/usr/bin/python3
"""Tests for tools/song2c.py: every song in game/songs converts; malformed songs are errors naming their line.

Run from the repo root: /usr/bin/python3 tools/test_song2c.py [Song2cTest.test_name]
"""

import contextlib
import glob
import io
import os
import re
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True
import song2c  # noqa: E402

SONGS = sorted(glob.glob(os.path.join(REPO, "game", "songs", "*.txt")))
NEEDED = ("title", "meadow", "mudworks", "fortress", "boss", "complete", "gameover")

GOOD = """# tiny: a test song
song tiny
speed 6
instrument sine char=21,21 level=3F,00 ad=F0,F4 sr=00,26 wave=00,00 fb=0 conn=0
voices lead:sine bass:sine
pattern A
C-4 C-2
... ---
C#4 ...
end
pattern B
Bb3 ...
end
order A B A
loop 1
"""


def convert(text, name="tiny"):
    """Parse `text` as game/songs/<name>.txt in a temp folder; returns the Song or raises SongError."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, name + ".txt")
        with open(path, "w") as f:
            f.write(text)
        return song2c.parse(path)


class Song2cTest(unittest.TestCase):
    def test_every_song_in_the_tree_converts(self):
        names = [os.path.splitext(os.path.basename(p))[0] for p in SONGS]
        for need in NEEDED:
            self.assertIn(need, names, "game/songs/%s.txt is missing" % need)
        self.assertGreaterEqual(len([n for n in names if n not in ("title", "boss", "complete", "gameover")]), 3,
                                "at least three in-level tunes")
        for path in SONGS:
            with self.subTest(song=os.path.basename(path)):
                s = song2c.parse(path)
                self.assertTrue(s.rows)
                self.assertLessEqual(len(s.voices), song2c.MAX_VOICES)
                jingle = s.name in ("complete", "gameover")
                self.assertEqual(s.loop_row == song2c.NO_LOOP, jingle, "jingles play once, tunes loop")

    def test_title_theme_starts_with_the_lead_alone(self):
        """The QEMU test listens for the title's first notes: the other voices wait a bar or more."""
        s = song2c.parse(os.path.join(REPO, "game", "songs", "title.txt"))
        notes = song2c.first_notes(s, 0, 6)
        self.assertEqual(len(notes), 6)
        last = notes[-1][0]
        for row in s.rows[:last + 2]:
            self.assertTrue(all(c == song2c.CELL_HOLD for c in row[1:]), "another voice sounds in %r" % row)
        pitches = [n for _, n in notes]
        self.assertTrue(all(a != b for a, b in zip(pitches, pitches[1:])), "repeated notes would merge: %r" % pitches)

    def test_a_small_song_converts_to_rows_and_loop(self):
        s = convert(GOOD)
        self.assertEqual(s.speed, 6)
        self.assertEqual(s.rows, [[60, 36], [0, 1], [61, 0], [58, 0], [60, 36], [0, 1], [61, 0]])
        self.assertEqual(s.loop_row, 3)
        self.assertEqual(s.instruments["sine"], [0x21, 0x21, 0x3F, 0x00, 0xF0, 0xF4, 0x00, 0x26, 0, 0, 0])

    def test_note_names(self):
        for text, n in (("C-4", 60), ("A-4", 69), ("C#4", 61), ("Db4", 61), ("B-7", 107), ("C-0", 12)):
            self.assertEqual(song2c.note_number(text), n, text)
        for bad in ("H-4", "C4", "C-", "c-4", "C##4"):
            self.assertIsNone(song2c.note_number(bad), bad)

    def test_loop_none_plays_once(self):
        s = convert(GOOD.replace("loop 1", "loop none"))
        self.assertEqual(s.loop_row, song2c.NO_LOOP)

    def test_the_c_output_compiles_to_the_same_cells(self):
        s = convert(GOOD)
        text = song2c.c_song(s)
        cells = [int(v) for v in re.search(r"_cells\[\d+\] = \{([^}]*)\}", text).group(1).replace(",", " ").split()]
        self.assertEqual(cells, [c for row in s.rows for c in row])
        self.assertIn(".loop_row = 3", text)

    def test_malformed_songs_name_the_line(self):
        cases = [
            ("C-4 C-2", "C-4 C-2 C-3", 7, "3 cells, the song has 2 voices"),
            ("C#4 ...", "H-4 ...", 9, "'H-4' is not a note"),
            ("C#4 ...", "C-8 ...", 9, "outside C-0..B-7"),
            ("speed 6", "speed 0", 3, "speed wants"),
            ("speed 6", "tempo 6", 3, "unknown word 'tempo'"),
            ("voices lead:sine bass:sine", "voices lead:sine bass:organ", 5, "organ, which is not defined"),
            ("order A B A", "order A C A", 14, "pattern C, which is not defined"),
            ("loop 1", "loop 3", 15, "loop 3, but the order has 3 positions"),
            ("fb=0 conn=0", "fb=9 conn=0", 4, "fb= is the feedback"),
            ("wave=00,00", "wave=00,07", 4, "waveforms are 0..3"),
            ("level=3F,00", "level=3F", 4, "two hex bytes"),
            ("level=3F,00 ", "", 4, "lacks level="),
            ("song tiny", "song other", 2, "name and file must agree"),
            ("pattern B\nBb3 ...\nend", "pattern B\nend", 12, "pattern B has no rows"),
        ]
        for old, new, line, what in cases:
            with self.subTest(line=line, what=what):
                self.assertIn(old, GOOD)
                with self.assertRaises(song2c.SongError) as cm:
                    convert(GOOD.replace(old, new, 1))
                msg = str(cm.exception)
                self.assertRegex(msg, r"tiny\.txt:%d: " % line)
                self.assertIn(what, msg)

    def test_a_pattern_left_open_names_its_first_line(self):
        with self.assertRaises(song2c.SongError) as cm:
            convert(GOOD[:GOOD.index("pattern B") + len("pattern B\nBb3 ...\n")])
        self.assertRegex(str(cm.exception), r"tiny\.txt:11: pattern B has no `end`")

    def test_missing_lines_are_errors(self):
        for word in ("speed", "order"):
            with self.subTest(word=word):
                text = "\n".join(l for l in GOOD.splitlines() if not l.startswith(word)) + "\n"
                with self.assertRaises(song2c.SongError) as cm:
                    convert(text)
                self.assertIn("no `%s` line" % word, str(cm.exception))

    def test_command_line_error_is_status_1_and_writes_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "tiny.txt")
            with open(bad, "w") as f:
                f.write(GOOD.replace("C#4 ...", "X-4 ..."))
            out_c, out_h = os.path.join(d, "s.c"), os.path.join(d, "s.h")
            err = io.StringIO()
            with contextlib.redirect_stderr(err):
                status = song2c.main([bad, "-o", out_c, "--header", out_h])
            self.assertEqual(status, 1)
            self.assertIn("tiny.txt:9:", err.getvalue())
            self.assertFalse(os.path.exists(out_c) or os.path.exists(out_h))
            good = os.path.join(d, "tiny.txt")
            with open(good, "w") as f:
                f.write(GOOD)
            self.assertEqual(song2c.main([good, "-o", out_c, "--header", out_h]), 0)
            with open(out_h) as f:
                head = f.read()
            self.assertTrue(head.startswith("/* Generated by tools/song2c.py"))
            self.assertIn("#define SONG_COUNT 1", head)


if __name__ == "__main__":
    unittest.main()
