"""music_tests.py: the QEMU tests of the AdLib music — detection, the title theme's notes, a level's tune,
music off, no card, System info — recorded with `-device adlib` into a WAV of its own.

Used by run_tests.py (each test gets its Context); see README.md for the table.
"""

import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))

import audio                    # noqa: E402
import song2c                   # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
READY_TIMEOUT_S = 20.0
TICK_HZ = 140
FREQ_TOLERANCE = 0.03           # measured pitch vs the song's note
TITLE_NOTES = 6                 # the title theme's first notes, played by the lead alone
SILENCE = 64                    # music off: no sample of the OPL WAV above this
RE_READY = r"^ready$"
RE_FOUND = r"^adlib: OPL2 found at 0x388 \(status 00 then c0\)$"
RE_MISSING = r"^adlib: no OPL2 at 0x388 \(status ([0-9a-f]{2}) then ([0-9a-f]{2})\)$"
RE_ON_SPEAKER = r"^music: on the PC speaker \(the lead voice\) until a PCM device is up$"


def song(name):
    return song2c.parse(os.path.join(REPO, "game", "songs", name + ".txt"))


def tap_and_wait(m, key, pattern, timeout=3.0):
    mark = m.mark()
    m.tap(key)
    return m.wait_for(pattern, timeout, since=mark)


def recorded(ctx, wav):
    """Samples of the OPL WAV from its first sound on (QEMU writes it once the card is in use)."""
    rate, samples, fmt = audio.read_wav(wav)
    span = audio.non_silent_span(samples, threshold=SILENCE)
    ctx.note("%s: %s, peak %d" % (os.path.basename(wav), fmt, audio.peak_level(samples)))
    return rate, samples, span


def test_music_title_theme(ctx):
    """With an AdLib: found on COM1 and System info's line; the title theme's first notes
    (the lead alone, game/songs/title.txt) are heard in order, each within 3% of its pitch."""
    wav = os.path.join(ctx.outdir, "opl.wav")
    m = ctx.machine(opl_wav=wav)
    m.wait_for(RE_FOUND, READY_TIMEOUT_S)
    m.wait_for(r"^sysinfo: Sound: speaker, AdLib OPL2 at 388h$", 2.0)
    m.wait_for(r"^music: play title$", 5.0)
    m.wait_for(RE_READY, 5.0)
    time.sleep(title_solo_seconds() + 1.0)
    m.quit()                            # the WAV header is finalised on exit
    check_title_solo(ctx, wav, "OPL")


def title_solo_seconds(from_tick=0):
    """How long the title theme's lead plays alone (the rows before the band comes in), from song tick from_tick."""
    s = song("title")
    solo_rows = next(i for i, row in enumerate(s.rows) if any(c != song2c.CELL_HOLD for c in row[1:]))
    return (solo_rows * s.speed - from_tick) / TICK_HZ


def title_notes_from(from_tick, count=TITLE_NOTES):
    """[(row, MIDI note)]: the lead's notes heard from song tick from_tick on — the one it holds then
    (keyed again when a device takes the song over there), then the next ones."""
    s = song("title")
    notes = song2c.first_notes(s, 0, count + len(s.rows))
    row = from_tick // s.speed
    held = [i for i, (r, _) in enumerate(notes) if r <= row]
    return notes[held[-1] if held else 0:][:count]


def check_title_solo(ctx, wav, what, from_tick=0, samples_from=None, window_s=None):
    """The title theme's first TITLE_NOTES notes (the lead alone) heard in the WAV in order, each
    within FREQ_TOLERANCE of the song's pitch: on QEMU's OPL2, on the PC speaker, and on our
    synthesizer through a PCM device (sound_tests.py, ac97_tests.py, handover_tests.py) — there
    from song tick from_tick, where the speaker handed the song over (samples_from: where in the WAV;
    window_s: how much of it to search, the solo's length by default)."""
    notes = title_notes_from(from_tick)
    rate, samples, span = recorded(ctx, wav)
    assert span, "the %s WAV is silent: no title theme" % what
    start = span[0] if samples_from is None else samples_from
    # Only the solo: the band's entry would change the level the tone finder works with.
    window = samples[start:start + int((window_s or 0.9 * title_solo_seconds(from_tick)) * rate)]
    tones = audio.tone_segments(window, rate)
    for i, t in enumerate(tones):
        ctx.note("  tone %d: %.1f Hz at %.3f s, %d cycles" % (i, t["hz"], t["start"] / rate, t["cycles"]))
    assert len(tones) >= len(notes), "%d tones heard in the solo, want the notes %s" % (
        len(tones), [n for _, n in notes])
    for (row, note), tone in zip(notes, tones):
        want = audio.midi_hz(note)
        err = tone["hz"] / want - 1
        ctx.note("row %d note %d: %.1f Hz, want %.1f Hz (%+.2f%%)" % (row, note, tone["hz"], want, 100 * err))
        assert abs(err) <= FREQ_TOLERANCE, "row %d: %.1f Hz heard, the song says %.1f Hz (%+.1f%%)" % (
            row, tone["hz"], want, 100 * err)
    return rate, tones, notes


def test_music_level_tune(ctx):
    """level=e1l1 with an AdLib: COM1 says the meadow tune plays, and the first notes heard are
    the meadow's first row (its strongest pitch is one of them, the lead's among the loud ones),
    not the title theme's."""
    wav = os.path.join(ctx.outdir, "opl.wav")
    s = song("meadow")
    first_row = {n for n in s.rows[0] if n >= song2c.NOTE_MIN}
    m = ctx.machine(opts="level=e1l1", opl_wav=wav)
    m.wait_for(r"^music: play meadow$", READY_TIMEOUT_S)
    text = m.serial()
    assert "music: play title" not in text, "the title theme started before the level's tune"
    time.sleep(2.0)
    m.quit()
    rate, samples, span = recorded(ctx, wav)
    assert span, "the OPL WAV is silent: no level tune"
    block = samples[span[0] + int(0.02 * rate):span[0] + int(0.02 * rate) + int(0.08 * rate)]
    ranked = audio.strongest_notes(block, rate, range(40, 90))
    ctx.note("meadow row 0 notes %s; strongest heard %s" % (sorted(first_row), [n for _, n in ranked[:5]]))
    assert ranked[0][1] in first_row, "strongest pitch %d is not in the meadow's first row %s" % (
        ranked[0][1], sorted(first_row))
    lead = s.rows[0][0]
    rank = [n for _, n in ranked].index(lead)
    assert rank < 6, "the meadow's first lead note %d is only the %d. strongest pitch" % (lead, rank + 1)


def test_music_off(ctx):
    """music=off with an AdLib: the card is found, the menu's Music item says Off, no tune starts
    through the title and the menu, and the OPL WAV stays silent."""
    wav = os.path.join(ctx.outdir, "opl.wav")
    m = ctx.machine(opts="music=off", opl_wav=wav)
    m.wait_for(RE_FOUND, READY_TIMEOUT_S)
    m.wait_for(RE_READY, 5.0)
    tap_and_wait(m, "ret", r"^session: menu$")
    tap_and_wait(m, "down", r"^menu: cursor=1 instructions$")
    time.sleep(1.5)
    m.quit()
    text = m.serial()
    assert "music: play" not in text, "a tune started with music=off: %s" % re.findall(r"music: play \w+", text)
    rate, samples, span = recorded(ctx, wav)
    assert span is None, "the OPL WAV is not silent with music=off (peak %d)" % audio.peak_level(samples)


def test_music_no_card(ctx):
    """No sound device at all (no AdLib, no HDA, no AC'97): COM1 says so for each (a floating bus
    reads FFh), the title theme plays on the PC speaker (its lead: the first notes heard in the
    speaker's WAV at the song's pitches), the keys work and their blips start, and the menu's Music
    item stops the tune and starts it again."""
    wav = os.path.join(ctx.outdir, "speaker.wav")
    m = ctx.machine(wav=wav)
    line = m.wait_for(RE_MISSING, READY_TIMEOUT_S)
    m.wait_for(RE_ON_SPEAKER, 2.0)
    for gone in (r"^hda: no Intel HDA controller on PCI$", r"^ac97: no AC'97 controller on PCI$",
                 r"^sound: no PCM device playing: effects on the PC speaker only$",
                 r"^sound: sound=auto: effects on the speaker, music on the PC speaker \(the lead voice\)$"):
        ctx.note(m.wait_for(gone, 5.0).group(0))
    m.wait_for(r"^sysinfo: Sound: speaker; no AdLib \(bus FFh\)$", 2.0)
    ctx.note(line.group(0))
    m.wait_for(r"^music: play title$", 5.0)
    m.wait_for(RE_READY, 5.0)
    time.sleep(title_solo_seconds() + 0.3)     # the solo on the speaker, before any key's blip
    tap_and_wait(m, "ret", r"^session: menu$")
    for i, name in enumerate(("instructions", "controls", "music"), 1):
        tap_and_wait(m, "down", r"^menu: cursor=%d %s$" % (i, name))
    mark = m.mark()
    tap_and_wait(m, "ret", r"^menu: music off$")
    m.wait_for(r"^music: stop$", 2.0, since=mark)
    tap_and_wait(m, "ret", r"^menu: music on$")
    m.wait_for(r"^music: play title$", 2.0, since=mark)
    assert re.search(r"^sfx start id=\d+ div=", m.serial(), re.M), "the menu's moves started no effect"
    m.quit()
    # The speaker plays the lead alone all through (no band to keep out), and QEMU records its sound
    # with no timeline to speak of (audio.py): the first notes are looked for in the whole WAV.
    check_title_solo(ctx, wav, "speaker", window_s=30.0)


def test_sysinfo_screen(ctx):
    """Menu -> System info (qemu32, 64 MB, no AdLib, CD-ROM): the kernel's facts on COM1 and on
    screen, the palette strip under them; equals sysinfo.png; any key goes back to the menu."""
    m = ctx.machine()
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    text = m.serial()
    facts = dict(re.findall(r"^sysinfo: ([^:]+): (.*)$", text, re.M))
    ctx.note("; ".join("%s: %s" % kv for kv in facts.items()))
    for label, want in (("CPU", r"QEMU Virtual CPU"), ("CPU id", r"GenuineIntel fam 6 "),
                        ("Features", r"\bFPU\b.*\bTSC\b"), ("Memory", r"^6[0-4] MiB usable"),
                        ("Display", r"VGA 0Dh"), ("Keyboard", r"PS/2"), ("Timer", r"PIT 140 Hz"),
                        ("Sound", r"no AdLib"), ("Boot", r"^CD-ROM"), ("Loader", r"^GRUB "),
                        ("Firmware", r"^BIOS"), ("Sec. Boot", r"^off \(not UEFI: BIOS boot\)$")):
        assert label in facts, "no `sysinfo: %s:` line on COM1" % label
        assert re.search(want, facts[label]), "sysinfo %s is %r, want /%s/" % (label, facts[label], want)
    tap_and_wait(m, "ret", r"^session: menu$")
    for i, name in ((9, "quit"), (8, "high scores"), (7, "restore game"), (6, "demo"), (5, "system info")):
        tap_and_wait(m, "up", r"^menu: cursor=%d %s$" % (i, name))
    tap_and_wait(m, "ret", r"^session: system info$")
    time.sleep(0.3)
    frame = m.screendump("sysinfo")
    ctx.check_golden(frame, "sysinfo.png")
    tap_and_wait(m, "spc", r"^session: menu$")


def test_music_stops_on_quit(ctx):
    """With an AdLib: the title theme plays; menu -> Quit stops it (`music: stop` before `halt`)
    and the OPL WAV ends in silence (no stuck note after the machine halts)."""
    wav = os.path.join(ctx.outdir, "opl.wav")
    m = ctx.machine(opl_wav=wav)
    m.wait_for(r"^music: play title$", READY_TIMEOUT_S)
    m.wait_for(RE_READY, 5.0)
    time.sleep(2.5)                     # into the band's part
    tap_and_wait(m, "ret", r"^session: menu$")
    tap_and_wait(m, "up", r"^menu: cursor=9 quit$")
    tap_and_wait(m, "ret", r"^halt$")
    text = m.serial()
    assert text.index("music: stop") < text.index("\nhalt"), "the music was not stopped before the halt"
    time.sleep(1.5)
    m.quit()
    rate, samples, span = recorded(ctx, wav)
    assert span, "no music was heard before the quit"
    tail = samples[-int(0.3 * rate):]
    ctx.note("last sound at %.2f s of %.2f s; peak of the last 0.3 s: %d" % (
        span[1] / rate, len(samples) / rate, audio.peak_level(tail)))
    assert audio.peak_level(tail) <= SILENCE, "the OPL still sounds after the halt (peak %d)" % audio.peak_level(tail)
