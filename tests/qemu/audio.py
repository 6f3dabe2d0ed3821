"""audio.py: read QEMU's PC-speaker WAV recording and measure the tones in it (stdlib only).

QEMU's pcspk plays a square wave at 1193182/D Hz while PIT channel 2 is
gated on. What its `wav` audiodev records is not a faithful timeline:
  * nothing is written while the speaker is off — rests and the silence
    before and after an effect leave no gap in the file;
  * audio is queued, so a tone change lands a few ms late, and when the
    speaker goes off the queued tail of the last tone is lost (measured
    here: roughly 10-25 ms);
  * QEMU loops a sample buffer, leaving a one-period phase glitch now and
    then.
So tones are found in the signal (where the period changes), glitches are
dropped, frequencies are measured from the accepted periods only, and
durations are printed for information but not checked.
"""

import struct
import wave

PIT_HZ = 1193182
TICK_HZ = 140


class AudioError(AssertionError):
    """The recording does not contain the expected sound."""


def read_wav(path):
    """(sample_rate, samples of channel 0 as ints centred on 0, format text)."""
    try:
        with wave.open(path, "rb") as wav:
            rate = wav.getframerate()
            channels = wav.getnchannels()
            width = wav.getsampwidth()
            frames = wav.readframes(wav.getnframes())
    except (OSError, EOFError, wave.Error) as err:
        raise AudioError("cannot read WAV %s: %s" % (path, err))
    step = channels * width
    count = len(frames) // step
    if width == 1:      # unsigned 8-bit
        samples = [frames[i * step] - 128 for i in range(count)]
    elif width == 2:
        samples = list(struct.unpack_from("<%dh" % (count * channels), frames))[::channels]
    elif width == 4:
        samples = list(struct.unpack_from("<%di" % (count * channels), frames))[::channels]
    else:
        raise AudioError("%s: unsupported sample width %d" % (path, width))
    fmt = "%d Hz, %d channel(s), %d-bit, %.2f s" % (rate, channels, width * 8, count / rate if rate else 0)
    return rate, samples, fmt


def divisor_runs(divisors):
    """[(divisor, ticks)] for runs of equal divisors: [5,5,7,0] -> [(5,2),(7,1),(0,1)]."""
    runs = []
    for d in divisors:
        if runs and runs[-1][0] == d:
            runs[-1][1] += 1
        else:
            runs.append([d, 1])
    return [tuple(r) for r in runs]


def non_silent_span(samples, threshold=None):
    """(first, last) sample index whose level is clearly off the silence level, or None."""
    if not samples:
        return None
    if threshold is None:
        peak = max(abs(s) for s in samples)
        if peak == 0:
            return None
        threshold = max(peak // 8, 1)
    first = next((i for i, s in enumerate(samples) if abs(s) >= threshold), None)
    if first is None:
        return None
    last = len(samples) - 1 - next(i for i, s in enumerate(reversed(samples)) if abs(s) >= threshold)
    return first, last


def rising_crossings(samples, first, last):
    """Sub-sample times of upward mid-level crossings inside [first, last] (with hysteresis)."""
    window = samples[first:last + 1]
    hi_level, lo_level = max(window), min(window)
    mid = (hi_level + lo_level) / 2.0
    hyst = (hi_level - lo_level) / 4.0
    times = []
    low = samples[first] < mid
    for i in range(first + 1, last + 1):
        s = samples[i]
        if low and s > mid + hyst:
            # walk back to the crossing of mid and interpolate
            j = i
            while j > first and samples[j - 1] > mid:
                j -= 1
            a, b = samples[j - 1], samples[j]
            frac = (mid - a) / (b - a) if b != a else 0.0
            times.append(j - 1 + frac)
            low = False
        elif not low and s < mid - hyst:
            low = True
    return times


def tone_segments(samples, rate, min_cycles=4, tolerance=0.06, merge=0.015):
    """Split the sound into tones of steady frequency.

    Returns [{'start': s, 'end': s, 'hz': f, 'cycles': n}] in time order
    (start/end in samples). A period more than `tolerance` off the median of
    the previous few starts a new tone; runs shorter than min_cycles (phase
    glitches where QEMU loops its sample buffer, transitions) are dropped,
    and neighbours within `merge` of each other are joined again. The
    frequency is cycles / (sum of the accepted periods), so a dropped glitch
    does not bias it.
    """
    span = non_silent_span(samples)
    if span is None:
        return []
    times = rising_crossings(samples, span[0], span[1])
    groups = []
    for i in range(len(times) - 1):
        t, p = times[i], times[i + 1] - times[i]
        if groups:
            recent = sorted(groups[-1]["periods"][-8:])
            ref = recent[len(recent) // 2]
            if abs(p - ref) <= tolerance * ref:
                groups[-1]["periods"].append(p)
                continue
        groups.append({"start": t, "periods": [p]})
    segments = []
    for g in groups:
        if len(g["periods"]) < min_cycles:
            continue
        hz = rate * len(g["periods"]) / sum(g["periods"])
        end = g["start"] + sum(g["periods"])
        if segments and abs(segments[-1]["hz"] / hz - 1) < merge:
            prev = segments[-1]
            prev["periods"] += g["periods"]
            prev.update(end=end, cycles=len(prev["periods"]),
                        hz=rate * len(prev["periods"]) / sum(prev["periods"]))
            continue
        segments.append({"start": g["start"], "end": end, "hz": hz,
                         "cycles": len(g["periods"]), "periods": list(g["periods"])})
    for seg in segments:
        del seg["periods"]
    return segments


def expected_tones(divisors):
    """[(divisor, ticks)] of the sounding runs; runs of one divisor split only by rests are joined
    (QEMU records nothing while the speaker is off, so a rest leaves no gap in the WAV)."""
    tones = []
    for d, n in divisor_runs(divisors):
        if d == 0:
            continue
        if tones and tones[-1][0] == d:
            tones[-1] = (d, tones[-1][1] + n)
        else:
            tones.append((d, n))
    return tones


def check_effect(path, divisors, max_error=0.03):
    """Check a recorded effect against its divisor list (one divisor per 140 Hz tick).

    Returns report lines (measured vs expected per tone). Raises AudioError
    if the number of tones or any frequency (beyond max_error) is wrong.
    Rests (divisor 0) are not measured. Tone durations are reported, not
    checked: see the module comment.
    """
    rate, samples, fmt = read_wav(path)
    expected = expected_tones(divisors)
    tones = tone_segments(samples, rate)
    lines = ["%s: %s" % (path, fmt)]
    for i, tone in enumerate(tones):
        lines.append("  tone %d: %.1f Hz, %.1f ms at %.3f s" % (
            i, tone["hz"], 1000.0 * (tone["end"] - tone["start"]) / rate, tone["start"] / rate))
    if not tones:
        raise AudioError("no sound in %s (%s)" % (path, fmt))
    if len(tones) != len(expected):
        raise AudioError("%d tones recorded, %d expected from divisors %s\n%s"
            % (len(tones), len(expected), divisors, "\n".join(lines)))
    errors = []
    for tone, (d, ticks) in zip(tones, expected):
        want = PIT_HZ / d
        err = tone["hz"] / want - 1
        ms = 1000.0 * (tone["end"] - tone["start"]) / rate
        lines.append("  div=%d x%d ticks: measured %.1f Hz, expected %.1f Hz (%+.2f%%), %.1f ms (expected %.1f ms)"
            % (d, ticks, tone["hz"], want, 100 * err, ms, 1000.0 * ticks / TICK_HZ))
        if abs(err) > max_error:
            errors.append("div=%d: %.1f Hz measured, %.1f Hz expected (%+.1f%%, limit %.0f%%)"
                % (d, tone["hz"], want, 100 * err, 100 * max_error))
    if errors:
        raise AudioError("; ".join(errors) + "\n" + "\n".join(lines))
    return lines


def write_square_wav(path, tones, rate=44100, amplitude=8000, lead=0.2, tail=0.2):
    """Write a test WAV: silence, then square waves [(hz or 0, seconds)], then silence."""
    out = bytearray()
    silence = struct.pack("<hh", 0, 0)
    out += silence * int(lead * rate)
    phase = 0.0
    for hz, seconds in tones:
        for _ in range(int(seconds * rate)):
            if hz:
                value = amplitude if phase < 0.5 else -amplitude
                phase = (phase + hz / rate) % 1.0
            else:
                value = 0
            out += struct.pack("<hh", value, value)
    out += silence * int(tail * rate)
    with wave.open(path, "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(bytes(out))


def goertzel_power(samples, rate, hz):
    """Power of one frequency in a block of samples (the Goertzel recurrence; stdlib only)."""
    import math
    w = 2.0 * math.pi * hz / rate
    coeff = 2.0 * math.cos(w)
    s1 = s2 = 0.0
    for x in samples:
        s0 = x + coeff * s1 - s2
        s2, s1 = s1, s0
    return (s1 * s1 + s2 * s2 - coeff * s1 * s2) / max(len(samples), 1) ** 2


def midi_hz(note):
    return 440.0 * 2 ** ((note - 69) / 12.0)


def strongest_notes(samples, rate, notes):
    """[(power, MIDI note)] for the candidate notes, strongest first."""
    return sorted(((goertzel_power(samples, rate, midi_hz(n)), n) for n in notes), reverse=True)


def peak_level(samples):
    return max((abs(s) for s in samples), default=0)
