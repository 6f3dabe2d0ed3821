"""handover_tests.py: the title's tune handed over from the PC speaker to the PCM device (issue 32,
docs/music.md): it starts on the speaker at `ready`, goes on on our OPL2 synthesizer through Intel HDA
from the same song tick once HDA is up, and the speaker stops as the PCM music is heard.

The speaker and HDA are recorded into one WAV (one `wav` audiodev for both: QEMU mixes them on one
timeline), so the seam between them can be measured. Registered through bringup_tests.TESTS.
"""

import os
import re

import audio
import music_tests
import sound_tests

READY_TIMEOUT_S = 90.0            # under -icount the boot runs slower on the host
SPEAKER_LEVEL = 12000           # QEMU's speaker is a +-24831 square wave; the synthesizer's solo peaks ~3500
SEAM_TICKS = 1                  # |off - start| in song ticks: the speaker stops within a tick of the PCM's start
TICK_MS = 1000.0 / 140
FIRST_NOTE_TICKS = 2            # the PCM's first note: its length in the recording against what was left of it
PCSPK_TAIL_MS = 25              # QEMU's speaker drops the queued tail of a tone when gated off (audio.py): 10-25 ms


def test_music_handover(ctx):
    """q35 + Intel HDA, no AdLib, musiccrc=3: `music: play title` on the speaker before `ready`; then
    `music: speaker -> PCM at song tick T (title, speaker off at song tick U)` with T > 0 and U within
    a tick of T (-icount: the DMA position moves with the virtual clock, as real hardware's does); the ring's CRC of the 3 s from T equals the host's render from T (and not the
    render from the song's start); in the one WAV: the speaker's square wave at the song's first note,
    no silence longer than a tick (plus the tail QEMU's speaker drops, up to 25 ms) before the PCM's
    sound, and the PCM's notes the song's from tick T."""
    wav = os.path.join(ctx.outdir, "mix.wav")
    # -icount: the PIT, the HDA's DMA and the audio timer on one virtual clock, so a busy host does not
    # move the speaker's sound against the PCM's in the recording (as synthcompare.py does for the AdLib).
    m = ctx.machine(opts="musiccrc=%d" % sound_tests.CRC_SECONDS, machine="q35", icount=True, extra=[
        "-audiodev", "wav,id=mix,path=%s,timer-period=1000" % wav, "-machine", "pcspk-audiodev=mix",
        "-device", "ich9-intel-hda", "-device", "hda-output,audiodev=mix"])
    m.wait_for(music_tests.RE_ON_SPEAKER, READY_TIMEOUT_S)
    m.wait_for(sound_tests.RE_READY, 5.0)
    text = m.serial()
    assert re.search(r"^music: play title$", text[:text.index("\nready")], re.M), \
        "the title's tune did not start before `ready`"
    hand = m.wait_for(sound_tests.RE_HANDOVER, 10.0)
    start, song, off = int(hand.group(1)), hand.group(2), int(hand.group(3))
    ctx.note(hand.group(0))
    assert song == "title" and start > 0, "handed over %s at song tick %d" % (song, start)
    assert abs(off - start) <= SEAM_TICKS, "the speaker stopped at song tick %d, the PCM began at %d" % (
        off, start)
    frm = sound_tests.check_ring_crc(ctx, m, "HDA q35")
    line = re.search(sound_tests.RE_CRC, m.serial(), re.M)
    from_zero = sound_tests.host_crc(ctx, "title", int(line.group(4)), 0)
    assert line.group(5) != from_zero, "the ring's CRC is the song's from its start (%s)" % from_zero
    m.quit()
    rate, samples, fmt = audio.read_wav(wav)
    head = samples[:rate]
    loud = [i for i, s in enumerate(head) if abs(s) > SPEAKER_LEVEL]
    assert loud and loud[0] < rate // 10, "the WAV does not begin with the speaker (%s)" % fmt
    spk_end = loud[-1]
    tones = audio.tone_segments(samples[loud[0]:spk_end], rate)
    first = music_tests.title_notes_from(0, 1)[0][1]
    ctx.note("%s: speaker %.1f ms, %s" % (fmt, 1000.0 * (spk_end - loud[0]) / rate,
                                          ", ".join("%.1f Hz" % t["hz"] for t in tones)))
    assert tones and abs(tones[0]["hz"] / audio.midi_hz(first) - 1) < 0.01, \
        "the speaker's tone is not the song's first note %d" % first
    ms = rate // 1000
    gap = 0
    while audio.peak_level(samples[spk_end + 1 + gap * ms:spk_end + 1 + (gap + 1) * ms]) < sound_tests.SILENCE:
        gap += 1
    ctx.note("silence between the speaker's last sound and the PCM's: %d ms (a tick is %.1f ms)" % (gap, TICK_MS))
    assert gap <= TICK_MS + PCSPK_TAIL_MS, "%d ms of silence at the hand-over" % gap
    rate, tones, notes = music_tests.check_title_solo(ctx, wav, "PCM after the hand-over", frm,
                                                      samples_from=spk_end + 1)
    # The first note lasts what is left of it at tick T, not its whole length from the song's start.
    speed = music_tests.song("title").speed
    heard = (tones[1]["start"] - tones[0]["start"]) * 140.0 / rate
    left, whole = notes[1][0] * speed - frm, (notes[1][0] - notes[0][0]) * speed
    ctx.note("the PCM's first note: %.1f ticks heard; %d left of it at tick %d (%d from the song's start)" % (
        heard, left, frm, whole))
    assert abs(heard - left) <= FIRST_NOTE_TICKS, "the PCM's first note lasted %.1f ticks, want %d" % (heard, left)


TESTS = [("music_handover", test_music_handover, (), ())]
