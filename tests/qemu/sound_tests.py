"""sound_tests.py: the QEMU tests of the PCM output (Intel HDA, docs/sound.md) — a title step's blip
heard in the codec's WAV at 1193182/divisor Hz on q35 (ich9-intel-hda + hda-output) and pc (intel-hda +
hda-duplex) (music=off: the effects alone), the title theme played by our OPL2 synthesizer at the song's
pitches, and silence with sound=off and with the menu's Sound effects off and the music off.

Used by run_tests.py (each test gets its Context); see README.md for the table.
"""

import os
import re
import subprocess
import time

import audio
import demo_tests
import music_tests

READY_TIMEOUT_S = 20.0
FREQ_TOLERANCE = 0.03           # measured vs 1193182/D
SILENCE = 64                    # no sample of a silent WAV above this
RE_READY = r"^ready$"
RE_SFX = r"^sfx start id=(\d+) div=(\d+(?:,\d+)*)$"
RE_HDA = r"^sound: Intel HDA ([0-9a-f]{4}:[0-9a-f]{4}), codec ([0-9a-f]{4}:[0-9a-f]{4}), output pin (\d+) \(([a-z-]+)\) -> DAC (\d+), 48000 Hz$"

# machine, controller, codec: the two QEMU HDA set-ups (a 2008 Intel chipset and the ICH6 of a pc)
SETUPS = {
    "q35": ("q35", "ich9-intel-hda", "hda-output", "8086:293e"),
    "pc": ("pc", "intel-hda", "hda-duplex", "8086:2668"),
    "ovmf": (None, "ich9-intel-hda", "hda-micro", "8086:293e"),     # UEFI: 64-bit BARs may lie above 4 GiB
}
UEFI_TIMEOUT_S = 60.0           # OVMF takes several seconds to reach GRUB


def hda_machine(ctx, setup, wav, opts=None, opl_wav=None):
    machine, controller, codec, _ = SETUPS[setup]
    uefi = {"firmware": "ovmf64"} if setup == "ovmf" else {}
    return ctx.machine(opts=opts, machine=machine, opl_wav=opl_wav, **uefi, extra=[
        "-audiodev", "wav,id=hda,path=%s" % wav, "-device", controller, "-device", "%s,audiodev=hda" % codec])


def blip_test(setup):
    """A title step's blip (Right on the title) is heard in the codec's WAV, each tone within 3%
    of 1193182/divisor; COM1 names the controller, codec, pin and DAC; the System info lines say
    what plays."""
    def test(ctx):
        wav = os.path.join(ctx.outdir, "hda.wav")
        m = hda_machine(ctx, setup, wav, opts="music=off")     # the effects alone in the WAV
        found = m.wait_for(RE_HDA, UEFI_TIMEOUT_S if setup == "ovmf" else READY_TIMEOUT_S)
        ctx.note(found.group(0))
        assert found.group(1) == SETUPS[setup][3], "controller %s, want %s" % (found.group(1), SETUPS[setup][3])
        m.wait_for(r"^sysinfo: Plays: effects: speaker \+ HDA; music: synthesizer \(HDA\)$", 2.0)
        m.wait_for(RE_READY, 10.0)
        time.sleep(0.5)
        mark = m.mark()
        m.tap("right", 0.05)
        sfx = m.wait_for(RE_SFX, 3.0, since=mark)
        time.sleep(1.0)
        m.quit()                        # the WAV header is finalised on exit
        text = m.serial()
        for line in re.findall(r"^hda: .*$", text, re.M):
            ctx.note(line)
        divisors = [int(d) for d in sfx.group(2).split(",")]
        ctx.note("sfx id=%s divisors %s" % (sfx.group(1), audio.divisor_runs(divisors)))
        for line in audio.check_effect(wav, divisors, FREQ_TOLERANCE):
            ctx.note(line)
    test.__name__ = "test_hda_blip_" + setup
    return test


def silent(ctx, wav):
    rate, samples, fmt = audio.read_wav(wav)
    ctx.note("%s: %s, peak %d" % (os.path.basename(wav), fmt, audio.peak_level(samples)))
    return audio.peak_level(samples) <= SILENCE


def sound_off_test(setup):
    """sound=off with HDA: the controller is not started, COM1 says nothing plays, a blip's
    `sfx start` is still logged (the game is the same) and the WAV stays silent (the title theme
    and the blip would sound in it otherwise)."""
    def test(ctx):
        wav = os.path.join(ctx.outdir, "hda.wav")
        m = hda_machine(ctx, setup, wav, opts="sound=off")
        m.wait_for(r"^sound: sound=off: effects on nothing, music on nothing",
                   UEFI_TIMEOUT_S if setup == "ovmf" else READY_TIMEOUT_S)
        m.wait_for(RE_READY, 10.0)
        mark = m.mark()
        m.tap("right", 0.05)
        m.wait_for(RE_SFX, 3.0, since=mark)
        time.sleep(1.0)
        m.quit()
        assert "sound: Intel HDA" not in m.serial(), "HDA was started with sound=off"
        assert silent(ctx, wav), "the HDA WAV is not silent with sound=off"
    test.__name__ = "test_hda_sound_off_" + setup
    return test


def test_hda_effects_off(ctx):
    """Menu -> Sound effects Off with HDA: the menu's moves after it start no effect, and the
    WAV from then on is silent (the blips before it are heard)."""
    wav = os.path.join(ctx.outdir, "hda.wav")
    m = hda_machine(ctx, "q35", wav, opts="music=off")         # the effects alone in the WAV
    m.wait_for(RE_HDA, READY_TIMEOUT_S)
    m.wait_for(RE_READY, 10.0)
    for key, pattern in (("ret", r"^session: menu$"), ("up", r"^menu: cursor=9 quit$"),
                         ("up", r"^menu: cursor=8 high scores$"), ("up", r"^menu: cursor=7 restore game$"),
                         ("up", r"^menu: cursor=6 demo$"), ("up", r"^menu: cursor=5 system info$"),
                         ("up", r"^menu: cursor=4 sound effects$"), ("ret", r"^menu: sound effects off$")):
        mark = m.mark()
        m.tap(key)
        m.wait_for(pattern, 3.0, since=mark)
    off = m.mark()
    time.sleep(0.5)                     # the last menu blip ends
    quiet_from = time.time()
    for key in ("down", "up", "down", "up"):
        m.tap(key)
        time.sleep(0.25)
    time.sleep(0.5)
    quiet_s = time.time() - quiet_from
    m.quit()
    after = m.serial()[off:]
    assert not re.search(RE_SFX, after, re.M), "an effect started with Sound effects off: %s" % re.findall(
        RE_SFX, after, re.M)
    rate, samples, fmt = audio.read_wav(wav)
    tail = samples[-int(quiet_s * rate):]
    ctx.note("%s: %s; peak %d before, %d in the last %.1f s (effects off)" % (
        os.path.basename(wav), fmt, audio.peak_level(samples[:-len(tail)] or [0]), audio.peak_level(tail), quiet_s))
    assert audio.peak_level(samples[:-len(tail)] or [0]) > SILENCE, "the menu's blips before were not heard"
    assert audio.peak_level(tail) <= SILENCE, "the HDA WAV sounds with Sound effects off (peak %d)" % (
        audio.peak_level(tail))




RE_BENCH_SOUND = (r"^BENCH sound device=hda frames=(\d+) underruns=(\d+) lead_frames=\d+ effects=(\d+) "
                  r"latency_ticks_max=(\d+) latency_ticks_avg_x100=(\d+)$")
LATENCY_TICKS = 2               # an effect's first sample is in the ring within this many ticks of its request


def test_hda_latency(ctx):
    """level=e1l1 played by a script (jumps and shots: effects) on q35 + HDA, frozen at ticks=N: the
    `BENCH sound` line counts the frames written and the underruns (the DMA position passing what was
    written) and the worst wait from an effect's request to its first sample in the ring, <= 2 ticks."""
    wav = os.path.join(ctx.outdir, "hda.wav")
    m = hda_machine(ctx, "q35", wav, opts="level=e1l1 ticks=90 input=r8,rj6,f2,r8,rj6,f2,l6,lj6,f2,r20")
    m.wait_for(RE_HDA, READY_TIMEOUT_S)
    m.wait_for(r"^READY tick=", 30.0)
    m.quit()
    text = m.serial()
    b = re.search(RE_BENCH_SOUND, text, re.M)
    assert b, "no `BENCH sound` line before READY"
    ctx.note(b.group(0))
    frames, underruns, effects, worst = (int(b.group(i)) for i in range(1, 5))
    starts = len(re.findall(RE_SFX, text, re.M))
    ctx.note("%d effects started (sfx start), %d measured; %d underruns in %d frames (%.1f s)" % (
        starts, effects, underruns, frames, frames / 48000.0))
    assert effects > 0, "no effect reached the ring"
    assert worst <= LATENCY_TICKS, "an effect took %d ticks to reach the ring, want <= %d" % (worst, LATENCY_TICKS)
    # None in a quiet run (measured: 0 in 8.4 s, three runs); on a loaded host QEMU's HDA position
    # jumps 50-70 ms at a time, past the ring's 3-tick lead (which then grows), so a few are not a failure.
    assert underruns * 4.0 <= frames / 48000.0, "%d underruns in %.1f s of sound" % (underruns, frames / 48000.0)


def test_hda_demo_parity(ctx):
    """demo_parity with HDA playing (q35 + ich9-intel-hda + hda-output): every tick's screen CRC and
    trace still equal the host's — the PCM path never touches the game's state."""
    wav = os.path.join(ctx.outdir, "hda.wav")
    ctx.machine_defaults = {"machine": "q35", "extra": [
        "-audiodev", "wav,id=hda,path=%s" % wav, "-device", "ich9-intel-hda", "-device", "hda-output,audiodev=hda"]}
    demo_tests.test_demo_parity(ctx)
    text = ctx.machines[-1].serial()
    assert re.search(RE_HDA, text, re.M), "HDA did not play during the demo"
    b = re.search(RE_BENCH_SOUND, text, re.M)
    ctx.note(b.group(0) if b else "no BENCH sound line")
    assert b and int(b.group(3)) > 0, "no effect of the demo reached the PCM ring"


def test_hda_and_adlib(ctx):
    """HDA and an AdLib: sound=auto plays the music on the AdLib (the title theme starts, its WAV
    sounds) and the effects on the speaker and HDA; sound=hda leaves the AdLib alone (`adlib: not
    used (sound=hda)`, its WAV silent) and the music plays on the synthesizer through HDA."""
    for opts, adlib in ((None, True), ("sound=hda", False)):
        wav = os.path.join(ctx.outdir, "hda-%s.wav" % (opts or "auto"))
        opl = os.path.join(ctx.outdir, "opl-%s.wav" % (opts or "auto"))
        m = hda_machine(ctx, "q35", wav, opts=opts, opl_wav=opl)
        m.wait_for(RE_HDA, READY_TIMEOUT_S)
        plays = m.wait_for(r"^sound: sound=(\w+): effects on the speaker and Intel HDA, music on (.*)$", 2.0)
        ctx.note(plays.group(0))
        m.wait_for(RE_READY, 10.0)
        time.sleep(1.5)
        m.quit()
        text = m.serial()
        if adlib:
            assert plays.group(2) == "the AdLib", "sound=auto with an AdLib: music on %s" % plays.group(2)
            assert "music: play title" in text, "the title theme did not start on the AdLib"
            assert not silent(ctx, opl), "the OPL WAV is silent with sound=auto"
        else:
            assert "adlib: not used (sound=hda)" in text, "no `adlib: not used (sound=hda)` line"
            assert plays.group(2) == "the OPL2 synthesizer (Intel HDA)", "sound=hda: music on %s" % plays.group(2)
            assert silent(ctx, opl), "the OPL WAV sounds with sound=hda"
            assert not silent(ctx, wav), "the HDA WAV is silent with sound=hda (no synthesizer music)"


def music_title_test(setup):
    """No AdLib, Intel HDA: the title theme plays on our OPL2 synthesizer (`music: on the OPL2
    synthesizer, 48000 Hz`), and its first notes (the lead alone) are heard in the codec's WAV in
    order, each within 3% of the song's pitch — as music_title_theme checks QEMU's OPL2."""
    def test(ctx):
        title_heard(ctx, setup)
    test.__name__ = "test_hda_music_title_" + setup
    return test


def test_hda_music_off(ctx):
    """music=off with HDA and no key pressed: no tune starts (`music: play` never logged) and the
    codec's WAV stays silent — the synthesizer is there, the music is off."""
    wav = os.path.join(ctx.outdir, "hda.wav")
    m = hda_machine(ctx, "q35", wav, opts="music=off")
    m.wait_for(RE_HDA, READY_TIMEOUT_S)
    m.wait_for(RE_READY, 10.0)
    time.sleep(2.0)
    m.quit()
    assert "music: play" not in m.serial(), "a tune started with music=off"
    assert silent(ctx, wav), "the HDA WAV sounds with music=off and no key pressed"


CRC_SECONDS = 3                 # musiccrc=: the title theme's first seconds, CRC'd in the kernel and on the host
RE_CRC = r"^music: crc32 (\w+) from song tick (\d+) first (\d+) frames at (\d+) Hz: ([0-9a-f]{8})$"
RE_HANDOVER = r"^music: speaker -> PCM at song tick (\d+) \((\w+), speaker off at song tick (\d+)\)(?: at tsc=(\d+))?$"


def synthrender(ctx):
    return os.path.join(os.path.dirname(os.path.abspath(ctx.hostrun)), "synth", "synthrender")


def host_crc(ctx, song, rate, from_tick):
    out = subprocess.run([synthrender(ctx), song, str(CRC_SECONDS), "-", str(rate), "256", str(from_tick)],
                         capture_output=True, text=True, check=True).stdout
    return re.search(r"crc32 ([0-9a-f]{8})", out).group(1)


def check_ring_crc(ctx, m, what):
    """The kernel's CRC-32 of the synthesizer's first CRC_SECONDS of the title theme as the mix wrote
    them into the DMA ring (musiccrc=) equals build/synth/synthrender's, on the host, from the same
    code (drivers/sound/synthplay.c): the same samples, sample for sample — from the song tick the
    speaker handed the song over at (the `music: speaker -> PCM` line's). Returns that tick."""
    line = m.wait_for(RE_CRC, CRC_SECONDS + 5.0)
    song, frm, frames, rate, crc = (line.group(1), int(line.group(2)), int(line.group(3)), int(line.group(4)),
                                    line.group(5))
    assert song == "title" and frames == CRC_SECONDS * rate, "musiccrc covered %s, %d frames" % (song, frames)
    hand = re.search(RE_HANDOVER, m.serial(), re.M)
    assert hand and int(hand.group(1)) == frm, "the CRC starts at song tick %d, the hand-over line says %s" % (
        frm, hand.group(0) if hand else "nothing")
    host = host_crc(ctx, song, rate, frm)
    ctx.note("%s ring: title from song tick %d, first %d frames at %d Hz crc32 %s; host synthrender %s" % (
        what, frm, frames, rate, crc, host))
    assert crc == host, "%s's ring CRC %s != the host render's %s" % (what, crc, host)
    return frm


def music_off_silent(ctx, m, wav):
    """Menu -> Music Off (after the title theme played): `music: stop`, and the WAV from then on is
    silent (the menu's blips end before the quiet part is measured)."""
    music_tests.tap_and_wait(m, "ret", r"^session: menu$")
    for i, name in enumerate(("instructions", "controls", "music"), 1):
        music_tests.tap_and_wait(m, "down", r"^menu: cursor=%d %s$" % (i, name))
    mark = m.mark()
    music_tests.tap_and_wait(m, "ret", r"^menu: music off$")
    m.wait_for(r"^music: stop$", 2.0, since=mark)
    time.sleep(0.6)                     # the Enter's blip and the ring's lead pass
    quiet_from = time.time()
    time.sleep(1.5)
    quiet_s = time.time() - quiet_from
    m.quit()
    rate, samples, fmt = audio.read_wav(wav)
    tail = samples[-int(quiet_s * rate):]
    ctx.note("%s: %s; peak %d before, %d in the last %.1f s (Music off)" % (
        os.path.basename(wav), fmt, audio.peak_level(samples[:-len(tail)] or [0]), audio.peak_level(tail), quiet_s))
    assert audio.peak_level(tail) <= SILENCE, "the WAV sounds with Music off (peak %d)" % audio.peak_level(tail)


def title_heard(ctx, setup):
    """The title theme on the synthesizer: its ring's CRC equals the host's, its first notes are
    heard at the song's pitches; then Menu -> Music Off silences it. One boot."""
    wav = os.path.join(ctx.outdir, "hda.wav")
    m = hda_machine(ctx, setup, wav, opts="musiccrc=%d" % CRC_SECONDS)
    m.wait_for(RE_HDA, UEFI_TIMEOUT_S if setup == "ovmf" else READY_TIMEOUT_S)
    m.wait_for(r"^music: on the OPL2 synthesizer, 48000 Hz, into the PCM mix$", 2.0)
    m.wait_for(r"^music: play title$", 5.0)
    m.wait_for(RE_READY, 5.0)
    frm = check_ring_crc(ctx, m, "HDA " + setup)
    music_off_silent(ctx, m, wav)
    music_tests.check_title_solo(ctx, wav, "HDA", frm)         # the solo: the WAV's first seconds of sound


TESTS = [
    ("hda_blip_q35", blip_test("q35"), (), ()),
    ("hda_blip_pc", blip_test("pc"), (), ()),
    ("hda_blip_ovmf", blip_test("ovmf"), (), ()),
    ("hda_sound_off", sound_off_test("q35"), (), ()),
    ("hda_sound_off_pc", sound_off_test("pc"), (), ()),
    ("hda_sound_off_ovmf", sound_off_test("ovmf"), (), ()),
    ("hda_effects_off", test_hda_effects_off, (), ()),
    ("hda_latency", test_hda_latency, (), ()),
    ("hda_demo_parity", test_hda_demo_parity, (), ()),
    ("hda_and_adlib", test_hda_and_adlib, (), ()),
    ("hda_music_title", music_title_test("q35"), (), ()),
    ("hda_music_title_pc", music_title_test("pc"), (), ()),
    ("hda_music_title_ovmf", music_title_test("ovmf"), (), ()),
    ("hda_music_off", test_hda_music_off, (), ()),
]
