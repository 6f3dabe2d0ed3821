"""ac97_tests.py: the QEMU tests of AC'97 as the PCM output (docs/sound.md) — pc + AC97, no AdLib: a
title step's blip heard in the codec's WAV at 1193182/divisor Hz (music=off), the title theme on our
OPL2 synthesizer at the song's pitches, silence with sound=off, and sound=ac97 choosing it by hand.

Used by run_tests.py (each test gets its Context); see README.md for the table.
"""

import os
import re
import time

import audio
import music_tests
import sound_tests

READY_TIMEOUT_S = 20.0
RE_AC97 = r"^sound: AC'97 ([0-9a-f]{4}:[0-9a-f]{4}), codec ([0-9a-f]{4}:[0-9a-f]{4}), 48000 Hz$"
CONTROLLER = "8086:2415"        # QEMU's AC97: the 82801AA (ICH) of a pc


def ac97_machine(ctx, wav, opts=None):
    return ctx.machine(opts=opts, machine="pc", extra=[
        "-audiodev", "wav,id=a,path=%s" % wav, "-device", "AC97,audiodev=a"])


def test_ac97_blip(ctx):
    """A title step's blip (Right on the title) is heard in the AC'97 codec's WAV, each tone within
    3% of 1193182/divisor; COM1 names the controller and codec; System info says what plays."""
    wav = os.path.join(ctx.outdir, "ac97.wav")
    m = ac97_machine(ctx, wav, opts="music=off")               # the effects alone in the WAV
    found = m.wait_for(RE_AC97, READY_TIMEOUT_S)
    ctx.note(found.group(0))
    assert found.group(1) == CONTROLLER, "controller %s, want %s" % (found.group(1), CONTROLLER)
    m.wait_for(r"^sysinfo: Plays: effects: speaker \+ AC'97; music: synthesizer \(AC'97\)$", 2.0)
    m.wait_for(r"^sysinfo: PCM: AC'97, codec [0-9a-f]{4}:[0-9a-f]{4}, 48 kHz$", 2.0)
    m.wait_for(sound_tests.RE_READY, 10.0)
    time.sleep(0.5)
    mark = m.mark()
    m.tap("right", 0.05)
    sfx = m.wait_for(sound_tests.RE_SFX, 3.0, since=mark)
    time.sleep(1.0)
    m.quit()                            # the WAV header is finalised on exit
    text = m.serial()
    for line in re.findall(r"^(?:ac97|hda): .*$", text, re.M):
        ctx.note(line)
    divisors = [int(d) for d in sfx.group(2).split(",")]
    ctx.note("sfx id=%s divisors %s" % (sfx.group(1), audio.divisor_runs(divisors)))
    for line in audio.check_effect(wav, divisors, sound_tests.FREQ_TOLERANCE):
        ctx.note(line)


def test_ac97_music_title(ctx):
    """No AdLib, AC'97 (sound=ac97): the title theme plays on our OPL2 synthesizer (`music: on the
    OPL2 synthesizer, 48000 Hz`), its first notes heard in the codec's WAV in order, each within 3%
    of the song's pitch — as hda_music_title checks HDA's; the ring's CRC of the title's first seconds
    equals the host render's (musiccrc=); then Menu -> Music Off is silent. One boot."""
    wav = os.path.join(ctx.outdir, "ac97.wav")
    m = ac97_machine(ctx, wav, opts="sound=ac97 musiccrc=%d" % sound_tests.CRC_SECONDS)
    m.wait_for(RE_AC97, READY_TIMEOUT_S)
    m.wait_for(r"^music: on the OPL2 synthesizer, 48000 Hz, into the PCM mix$", 2.0)
    m.wait_for(r"^sound: sound=ac97: effects on the speaker and AC'97, music on the OPL2 synthesizer \(AC'97\)$", 2.0)
    m.wait_for(r"^music: play title$", 5.0)
    m.wait_for(sound_tests.RE_READY, 5.0)
    frm = sound_tests.check_ring_crc(ctx, m, "AC'97")
    sound_tests.music_off_silent(ctx, m, wav)
    assert "hda: " not in m.serial(), "sound=ac97 looked for Intel HDA"
    music_tests.check_title_solo(ctx, wav, "AC'97", frm)


def test_ac97_sound_off(ctx):
    """sound=off with AC'97: the controller is not started, a blip's `sfx start` is still logged
    (the game is the same) and the WAV stays silent."""
    wav = os.path.join(ctx.outdir, "ac97.wav")
    m = ac97_machine(ctx, wav, opts="sound=off")
    m.wait_for(r"^sound: sound=off: effects on nothing, music on nothing", READY_TIMEOUT_S)
    m.wait_for(sound_tests.RE_READY, 10.0)
    mark = m.mark()
    m.tap("right", 0.05)
    m.wait_for(sound_tests.RE_SFX, 3.0, since=mark)
    time.sleep(1.0)
    m.quit()
    assert "sound: AC'97" not in m.serial(), "AC'97 was started with sound=off"
    assert sound_tests.silent(ctx, wav), "the AC'97 WAV is not silent with sound=off"


def test_ac97_and_hda(ctx):
    """pc with both Intel HDA (intel-hda + hda-duplex) and AC97, no AdLib: sound=auto plays on HDA
    (AC'97 not started, its WAV silent, the music in the HDA WAV); sound=ac97 plays on AC'97 (HDA not
    looked for, its WAV silent)."""
    for opts, want in ((None, "hda"), ("sound=ac97", "ac97")):
        tag = opts or "auto"
        hwav = os.path.join(ctx.outdir, "hda-%s.wav" % tag)
        awav = os.path.join(ctx.outdir, "ac97-%s.wav" % tag)
        m = ctx.machine(opts=opts, machine="pc", extra=[
            "-audiodev", "wav,id=h,path=%s" % hwav, "-device", "intel-hda", "-device", "hda-duplex,audiodev=h",
            "-audiodev", "wav,id=a,path=%s" % awav, "-device", "AC97,audiodev=a"])
        found = m.wait_for(r"^sound: (Intel HDA|AC'97) .*$", READY_TIMEOUT_S)
        ctx.note("%s: %s" % (tag, found.group(0)))
        m.wait_for(sound_tests.RE_READY, 10.0)
        time.sleep(1.5)
        m.quit()
        text = m.serial()
        if want == "hda":
            assert found.group(1) == "Intel HDA", "sound=auto with HDA and AC'97 played on %s" % found.group(1)
            assert "ac97: " not in text, "sound=auto started AC'97 though HDA plays"
            assert not sound_tests.silent(ctx, hwav), "the HDA WAV is silent (no music on the synthesizer)"
            assert sound_tests.silent(ctx, awav), "the AC'97 WAV sounds with HDA playing"
        else:
            assert found.group(1) == "AC'97", "sound=ac97 played on %s" % found.group(1)
            assert "hda: " not in text, "sound=ac97 looked for Intel HDA"
            assert not sound_tests.silent(ctx, awav), "the AC'97 WAV is silent with sound=ac97"
            assert sound_tests.silent(ctx, hwav), "the HDA WAV sounds with sound=ac97"


RE_BENCH_SOUND = sound_tests.RE_BENCH_SOUND.replace("device=hda", "device=ac97")


def test_ac97_latency(ctx):
    """level=e1l1 played by a script on pc + AC97, frozen at ticks=N: `BENCH sound device=ac97` counts
    the frames written, the underruns, and the worst wait from an effect's request to its first sample
    in the ring, <= 2 ticks (as hda_latency)."""
    wav = os.path.join(ctx.outdir, "ac97.wav")
    m = ac97_machine(ctx, wav, opts="level=e1l1 ticks=90 input=r8,rj6,f2,r8,rj6,f2,l6,lj6,f2,r20")
    m.wait_for(RE_AC97, READY_TIMEOUT_S)
    m.wait_for(r"^READY tick=", 30.0)
    m.quit()
    text = m.serial()
    b = re.search(RE_BENCH_SOUND, text, re.M)
    assert b, "no `BENCH sound device=ac97` line before READY"
    ctx.note(b.group(0))
    frames, underruns, effects, worst = (int(b.group(i)) for i in range(1, 5))
    ctx.note("%d effects measured; %d underruns in %d frames (%.1f s)" % (effects, underruns, frames, frames / 48000.0))
    assert effects > 0, "no effect reached the ring"
    assert worst <= sound_tests.LATENCY_TICKS, "an effect took %d ticks to reach the ring" % worst
    assert underruns * 4.0 <= frames / 48000.0, "%d underruns in %.1f s of sound" % (underruns, frames / 48000.0)


TESTS = [
    ("ac97_blip", test_ac97_blip, (), ()),
    ("ac97_music_title", test_ac97_music_title, (), ()),
    ("ac97_sound_off", test_ac97_sound_off, (), ()),
    ("ac97_latency", test_ac97_latency, (), ()),
    ("ac97_and_hda", test_ac97_and_hda, (), ()),
]
