"""session_tests.py: the QEMU tests of the game around the play — menu, quit, pause, a real play session, controls.

Used by run_tests.py (each test gets its Context); see README.md for the table.
"""

import os
import re
import subprocess
import time

import image
from image import Rect

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
READY_TIMEOUT_S = 20.0          # as run_tests.py: QEMU start to the first frame, generously
RE_READY = r"^ready$"


def boot_ready(ctx, m):
    """Wait for `ready` (as run_tests.py's)."""
    m.wait_for(RE_READY, READY_TIMEOUT_S)
    return m.elapsed()


RE_MENU = r"^session: menu$"
PAUSE_BOX = Rect(56, 20, 208, 120)      # game/shell/screens.c: the pause box, centred on the view
SND_MENU_ID = 16                        # game/engine/sound.h


def host_session(ctx, name, keys, level=None, bind=None, ending=False):
    """The session on the host (build/hostframe) after these key steps (bind: keys=; ending: from the
    ending screen, as the `ending` option): (crc, png path)."""
    assert ctx.hostframe, "no --hostframe binary given: cannot render the session on the host"
    png = os.path.join(ctx.outdir, "host_%s.png" % name)
    args = [ctx.hostframe, "0", png, "--keys", keys] + (["--level", level] if level else []) + \
        (["--bind", bind] if bind else []) + (["--ending"] if ending else [])
    out = subprocess.run(args, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, "%s failed: %s" % (" ".join(args), out.stderr.strip())
    crc = re.search(r"crc=([0-9A-F]{8})", out.stdout)
    assert crc, "no crc in host output %r" % out.stdout
    return crc.group(1), png


def tap_and_wait(m, qcode, pattern, timeout=3.0):
    mark = m.mark()
    m.tap(qcode)
    return m.wait_for(pattern, timeout, since=mark)


def test_menu_new_game(ctx):
    """Keys through QMP: Enter opens the menu, Down/Up move the cursor (with the menu blip),
    Enter on New game starts level 1 of the episode."""
    m = ctx.machine()
    boot_ready(ctx, m)
    tap_and_wait(m, "ret", RE_MENU)
    tap_and_wait(m, "down", r"^menu: cursor=1 instructions$")
    tap_and_wait(m, "up", r"^menu: cursor=0 new game$")
    tap_and_wait(m, "ret", r"^session: level 1 start name=e1l1$")
    sfx = [int(i) for i in re.findall(r"^sfx start id=(\d+) ", m.serial(), re.M)]
    assert sfx.count(SND_MENU_ID) == 2, "want two menu blips (id %d), got sfx ids %s" % (SND_MENU_ID, sfx)
    ctx.note("menu -> New game -> %s" % m.wait_for(r"^level: \d+x\d+ tiles, \d+ actors$", 1).group(0))


IDLE_TICKS = 20 * 140                   # game/shell/session.h SESSION_IDLE_TICKS: the title untouched
ATTRACT_FRAMES = 40                     # world frames into the attract reel's first demo


def test_attract(ctx):
    """The title untouched for 20 s plays the attract reel, the episode's demos in its order:
    level 1's first. ticks=N (N = the idle ticks + 40 world frames): the frozen screen equals
    the host's render after N ticks without input, and attract_e1l1_40.png."""
    n = IDLE_TICKS + ATTRACT_FRAMES
    m = ctx.machine(opts="ticks=%d" % n)
    boot_ready(ctx, m)
    m.wait_for(r"^session: demo level=e1l1$", IDLE_TICKS / 140 + 15)
    match = m.wait_for(r"^READY tick=(\d+) crc=([0-9A-F]{8})$", ATTRACT_FRAMES / 10 + 15)
    frame = m.screendump("attract")
    crc, host_png = host_session(ctx, "attract", str(n))
    assert match.group(2) == frame.crc() == crc, "READY crc=%s, screendump %s, host %s (%s)" % (
        match.group(2), frame.crc(), crc, host_png)
    if ctx.update and "attract_e1l1_40.png" in ctx.writes:
        frame = image.load_golden(host_png)
    ctx.check_golden(frame, "attract_e1l1_40.png")
    ctx.note("attract reel: e1l1 first; frame %d of its demo equals the host's and the golden" % ATTRACT_FRAMES)


ENDING_TICKS = 10                       # ticks of the ending screen before the freeze


def test_ending(ctx):
    """`ending`: the episode played at boot by its demos, every level finished in order (a level-done
    line each), then the ending screen: COM1 says `session: episode end score=S`; frozen after
    ENDING_TICKS ticks, QEMU's screen equals the host's render (hostframe --ending) and ending.png."""
    m = ctx.machine(opts="ending ticks=%d" % ENDING_TICKS)
    end = m.wait_for(r"^session: episode end score=(\d+)$", READY_TIMEOUT_S)
    done = re.findall(r"^session: level done level=(\d+) score=\d+$", m.serial(), re.M)
    assert done == [str(n) for n in range(1, 11)], "levels done: %s" % done
    match = m.wait_for(r"^READY tick=(\d+) crc=([0-9A-F]{8})$", 15)
    frame = m.screendump("ending")
    crc, host_png = host_session(ctx, "ending", str(ENDING_TICKS), ending=True)
    assert match.group(2) == frame.crc() == crc, "READY crc=%s, screendump %s, host %s (%s)" % (
        match.group(2), frame.crc(), crc, host_png)
    if ctx.update and "ending.png" in ctx.writes:
        frame = image.load_golden(host_png)
    ctx.check_golden(frame, "ending.png")
    ctx.note("ten levels played by their demos, score %s; the ending screen equals the host's and the golden"
             % end.group(1))


def test_menu_quit(ctx):
    """Menu -> Quit: the goodbye screen (equal to the host's render and halt.png), `halt` on COM1,
    then nothing moves and QEMU keeps running (cli; hlt, no reboot)."""
    m = ctx.machine()
    boot_ready(ctx, m)
    tap_and_wait(m, "ret", RE_MENU)
    tap_and_wait(m, "up", r"^menu: cursor=9 quit$")
    tap_and_wait(m, "ret", r"^session: quit$")
    m.wait_for(r"^halt$", 3.0)
    time.sleep(0.5)                     # the halt waits out the last blip before cli
    frame = m.screendump("halt")
    crc, host_png = host_session(ctx, "halt", "enter,up,enter")
    assert frame.crc() == crc, "halt screen crc=%s, host render %s (%s)" % (frame.crc(), crc, host_png)
    mark = m.mark()
    m.tap("ret")
    time.sleep(0.3)
    assert m.serial()[mark:] == "", "the halted machine still prints: %r" % m.serial()[mark:]
    assert image.diff_pixels(frame, m.screendump("halt2")) == [], "the halt screen changed"
    assert m.running(), "QEMU exited: the halt must not reboot or power off"
    if ctx.update and "halt.png" in ctx.writes:
        frame = image.load_golden(host_png)
    ctx.check_golden(frame, "halt.png")


def sound_ids():
    """SND_ name -> id, from the enum in game/engine/sound.h."""
    text = open(os.path.join(REPO, "game", "engine", "sound.h")).read()
    body = text[text.index("typedef enum SoundId {"):text.index("} SoundId;")]
    names = re.findall(r"^\s*(SND_\w+)", body, re.M)
    return {n: i for i, n in enumerate(names)}


def test_play_session(ctx):
    """A real play session through QMP key presses on the test level: Right and Space (fire)
    held, Ctrl tapped about every half second for 7 s. The trace must show that the player
    ran (x grew by more than 10 tiles), jumped (rose off the ground he stood on) and scored
    (a bullet or a pounce: the score went up); the jump and shoot sounds were asked for."""
    m = ctx.machine(opts="level=test trace")
    boot_ready(ctx, m)
    m.press("right")
    m.press("spc")
    for _ in range(14):
        time.sleep(0.4)
        m.tap("ctrl", 0.1)
    m.release("spc")
    m.release("right")
    time.sleep(0.5)
    rows = [(int(t), int(x), int(y), int(sc)) for t, x, y, sc in re.findall(
        r"^T=(\d+) player \d+ x=(-?\d+) y=(-?\d+) health=\d+ score=(\d+)$", m.serial(), re.M)]
    assert len(rows) > 40, "only %d player trace lines" % len(rows)
    x0, y0 = rows[0][1], rows[0][2]
    top = min(r[2] for r in rows)
    best = max(r[3] for r in rows)
    ctx.note("%d frames: x %d -> %d, highest row %d (start %d), score %d" % (
        len(rows), x0, max(r[1] for r in rows), top, y0, best))
    assert max(r[1] for r in rows) > x0 + 10, "the player did not run right"
    assert any(b[2] < a[2] and b[1] >= a[1] and a[2] == y0 for a, b in zip(rows, rows[1:])) or top < y0 - 2, \
        "the player never jumped"
    assert best > 0, "nothing scored"
    sounds = set(int(i) for i in re.findall(r"^sfx start id=(\d+) ", m.serial(), re.M))
    ids = sound_ids()
    assert ids["SND_JUMP"] in sounds and ids["SND_SHOOT"] in sounds, "sounds played: %r" % sorted(sounds)


def test_pause_box(ctx):
    """P in a level: the pause box over the frozen view, equal to the host's render at the
    same world frame; the box itself equals pause_box.png (the host's render at frame 0).
    Esc in the pause abandons the game to the menu."""
    m = ctx.machine(opts="level=test")
    boot_ready(ctx, m)
    time.sleep(0.4)                     # a few world frames: the critters move
    paused = tap_and_wait(m, "p", r"^session: paused tick=(\d+)$")
    tick = int(paused.group(1))
    time.sleep(0.2)
    frame = m.screendump("paused")
    crc, host_png = host_session(ctx, "paused", "%d,p" % tick, level="test")
    ctx.note("paused at world frame %d; QEMU crc=%s, host crc=%s" % (tick, frame.crc(), crc))
    assert frame.crc() == crc, "paused screen crc=%s, host render at frame %d %s (%s)" % (
        frame.crc(), tick, crc, host_png)
    time.sleep(0.3)
    assert image.diff_pixels(frame, m.screendump("paused2")) == [], "the paused screen is not still"
    if ctx.update and "pause_box.png" in ctx.writes:
        ctx.check_golden(image.load_golden(host_session(ctx, "paused0", "p", level="test")[1]), "pause_box.png")
    else:
        outside = [Rect(0, 0, 320, PAUSE_BOX.y), Rect(0, PAUSE_BOX.y + PAUSE_BOX.h, 320, 200),
                   Rect(0, 0, PAUSE_BOX.x, 200), Rect(PAUSE_BOX.x + PAUSE_BOX.w, 0, 320, 200)]
        ctx.check_golden(frame, "pause_box.png", ignore=outside)
    tap_and_wait(m, "esc", r"^session: abandoned$")
    m.wait_for(RE_MENU, 1.0)


RE_PLAYER = r"^T=(\d+) player \d+ x=(-?\d+) y=(-?\d+) health=\d+ score=\d+$"


def player_rows(text):
    """(tick, x, y) of every player trace line in text."""
    return [(int(t), int(x), int(y)) for t, x, y in re.findall(RE_PLAYER, text, re.M)]


def jump_sounds(text):
    return [int(i) for i in re.findall(r"^sfx start id=(\d+) ", text, re.M)].count(sound_ids()["SND_JUMP"])


def check_jump_key(ctx, m, old, new):
    """In a level with `trace`, the player standing: tapping `old` (qcodes) does not make him
    jump, tapping `new` does (he rises off his row, the jump sound plays)."""
    m.wait_for(RE_PLAYER, 3.0)
    time.sleep(0.5)                     # a few frames: he stands
    mark = m.mark()
    for qcode in old:
        m.tap(qcode, 0.15)
        time.sleep(0.35)
    time.sleep(0.3)
    before = m.serial()[mark:]
    rows = player_rows(before)
    assert len(rows) > 5, "only %d player trace lines while the old keys were pressed" % len(rows)
    y0 = rows[0][2]
    assert all(r[2] == y0 for r in rows), "the old jump keys %s moved the player: rows %s" % (
        old, sorted(set(r[2] for r in rows)))
    assert jump_sounds(before) == 0, "a jump sound for the old keys %s" % (old,)
    mark = m.mark()
    m.tap(new, 0.4)
    time.sleep(0.8)
    after = m.serial()[mark:]
    rows = player_rows(after)
    top = min(r[2] for r in rows)
    ctx.note("old keys %s: %d frames on row %d; new key %s: up to row %d" % (
        "/".join(old), len(player_rows(before)), y0, new, top))
    assert top < y0 - 1, "the new jump key %s did not make the player jump (rows %s)" % (
        new, sorted(set(r[2] for r in rows)))
    assert jump_sounds(after) >= 1, "no jump sound for the new key %s" % new


def test_controls_rebind_jump(ctx):
    """Menu -> Controls through QMP keys: Down to Jump, Enter, A (its only key: Enter at the second
    prompt); the screen equals the host's render of the same keys. Esc, Up Up, New game: in the
    level (`trace`) Ctrl and Alt no longer jump, A does."""
    m = ctx.machine(opts="trace")
    boot_ready(ctx, m)
    tap_and_wait(m, "ret", RE_MENU)
    tap_and_wait(m, "down", r"^menu: cursor=1 instructions$")
    tap_and_wait(m, "down", r"^menu: cursor=2 controls$")
    tap_and_wait(m, "ret", r"^session: controls$")
    for row in range(1, 5):
        tap_and_wait(m, "down", r"^controls: cursor=%d " % row)
    tap_and_wait(m, "ret", r"^controls: press a key for jump$")
    refused = tap_and_wait(m, "spc", r"^controls: refused Space for jump: it is fire's$")
    tap_and_wait(m, "a", r"^controls: jump key 1 = A$")
    tap_and_wait(m, "ret", r"^controls: jump = A$")
    time.sleep(0.2)
    frame = m.screendump("controls")
    crc, host_png = host_session(ctx, "controls", "enter,down,down,enter,down,down,down,down,enter,space,a,enter")
    assert frame.crc() == crc, "Controls screen crc=%s, host render %s (%s)" % (frame.crc(), crc, host_png)
    ctx.note("%s; Controls screen equals the host's (crc %s)" % (refused.group(0), crc))
    tap_and_wait(m, "esc", RE_MENU)
    tap_and_wait(m, "up", r"^menu: cursor=1 instructions$")
    tap_and_wait(m, "up", r"^menu: cursor=0 new game$")
    tap_and_wait(m, "ret", r"^session: level 1 start name=e1l1$")
    check_jump_key(ctx, m, ("ctrl", "alt"), "a")


def test_keys_option(ctx):
    """`keys=jump:s,fire:d level=test trace` from GRUB: the log names the new keys, Ctrl does not
    jump, S does."""
    m = ctx.machine(opts="keys=jump:s,fire:d level=test trace")
    m.wait_for(r"^controls: jump = S$", READY_TIMEOUT_S)
    m.wait_for(r"^controls: fire = D$", 1.0)
    boot_ready(ctx, m)
    check_jump_key(ctx, m, ("ctrl",), "s")


def test_keys_option_bad(ctx):
    """A bad `keys=` (Space for jump while fire keeps it): COM1 says why, the red error screen
    (equal to the host's render) names it, the defaults stay, Enter goes to the title."""
    m = ctx.machine(opts="keys=jump:space level=test")
    boot_ready(ctx, m)
    err = m.wait_for(r"^ERROR: BAD keys= OPTION: (.*)$", 1.0)
    assert err.group(1) == "Space would be both jump and fire (give fire another key)", err.group(0)
    time.sleep(0.2)
    frame = m.screendump("keys_bad")
    crc, host_png = host_session(ctx, "keys_bad", "0", bind="jump:space")
    assert frame.crc() == crc, "error screen crc=%s, host render %s (%s)" % (frame.crc(), crc, host_png)
    ctx.note("%s (screen crc %s)" % (err.group(0), crc))
    tap_and_wait(m, "ret", r"^session: title$")
    assert "session: level" not in m.serial(), "the level started despite the bad keys="


def test_hiscores_menu(ctx):
    """Menu -> High scores through QMP keys: `session: high scores`; the Hall of Fame (the original's
    default table) equals the host's render of the same keys and hiscores.png; a key -> the menu."""
    m = ctx.machine()
    boot_ready(ctx, m)
    tap_and_wait(m, "ret", RE_MENU)
    tap_and_wait(m, "up", r"^menu: cursor=9 quit$")
    tap_and_wait(m, "up", r"^menu: cursor=8 high scores$")
    tap_and_wait(m, "ret", r"^session: high scores$")
    time.sleep(0.2)
    frame = m.screendump("hiscores")
    crc, host_png = host_session(ctx, "hiscores", "enter,up,up,enter")
    assert frame.crc() == crc, "High scores crc=%s, host render %s (%s)" % (frame.crc(), crc, host_png)
    if ctx.update and "hiscores.png" in ctx.writes:
        frame = image.load_golden(host_png)
    ctx.check_golden(frame, "hiscores.png")
    tap_and_wait(m, "x", RE_MENU)
    ctx.note("High scores screen equals the host's (crc %s) and the golden" % crc)


def test_save_restore_game(ctx):
    """New game, P: the pause box with S and R equals the host's render at the same world frame;
    S, 3 through QMP: `slots: Saved in slot 3: this level's start`; Esc to the pause, Esc to the
    menu; Restore game, slot 5 is empty (said so), 3 starts level 1 again."""
    m = ctx.machine()
    boot_ready(ctx, m)
    tap_and_wait(m, "ret", RE_MENU)
    tap_and_wait(m, "ret", r"^session: level 1 start name=e1l1$")
    time.sleep(0.4)
    tick = int(tap_and_wait(m, "p", r"^session: paused tick=(\d+)$").group(1))
    time.sleep(0.2)
    frame = m.screendump("paused")
    crc, host_png = host_session(ctx, "paused_game", "enter,enter,%d,p" % tick)
    assert frame.crc() == crc, "paused screen crc=%s, host render at frame %d %s (%s)" % (
        frame.crc(), tick, crc, host_png)
    tap_and_wait(m, "s", r"^session: save game$")
    tap_and_wait(m, "3", r"^slots: Saved in slot 3: this level's start$")
    m.tap("esc")                        # the slots -> the pause box (no log line)
    time.sleep(0.3)
    tap_and_wait(m, "esc", r"^session: abandoned$")
    m.wait_for(RE_MENU, 1.0)
    for _ in range(3):
        m.tap("up")
        time.sleep(0.1)
    m.wait_for(r"^menu: cursor=7 restore game$", 2.0)
    tap_and_wait(m, "ret", r"^session: restore game$")
    tap_and_wait(m, "5", r"^slots: Slot 5 is empty$")
    tap_and_wait(m, "3", r"^session: restored slot 3$")
    m.wait_for(r"^session: level 1 start name=e1l1$", 1.0, since=m.serial().index("session: restored slot 3"))
    ctx.note("saved in slot 3 from the pause, slot 5 empty, slot 3 restored: level 1 from its start")


HISCORE_TICKS = 8 * 140                 # game/shell/session.h SESSION_HISCORE_TICKS: the table between demos


def test_attract_hiscores(ctx):
    """The attract loop: the title idle, level 1's demo to its end, `session: high scores` (the Hall
    of Fame), 8 s later level 2's demo, with no key pressed; the table's time is 8 s (140 Hz ticks)."""
    m = ctx.machine()
    boot_ready(ctx, m)
    m.wait_for(r"^session: demo level=e1l1$", IDLE_TICKS / 140 + 15)
    table = m.wait_for(r"^session: high scores$", 30)
    t0 = m.elapsed()
    m.wait_for(r"^session: demo level=e1l2$", HISCORE_TICKS / 140 + 5, since=m.serial().index(table.group(0)))
    shown = m.elapsed() - t0
    assert 6.0 < shown < 11.0, "the table stayed %.1f s, want about 8" % shown
    text = m.serial()
    assert text.index("session: demo level=e1l1") < text.index("session: high scores") < \
        text.index("session: demo level=e1l2"), "not demo, table, demo"
    ctx.note("demo e1l1, the Hall of Fame for %.1f s, demo e1l2" % shown)
