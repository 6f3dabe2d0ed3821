"""image.py: QEMU screendumps as 320x200 EGA-indexed frames — planes, CRC-32, golden PNG comparison.

A Frame is 64000 colour indices (0..15), row-major, 320x200: the picture the
kernel put on the displayed page of VGA mode 0Dh.

Tolerance rules (why a comparison passes or fails)
--------------------------------------------------
* Comparison is done on EGA colour *indices*, never on RGB. QEMU expands the
  6-bit DAC value v to 8 bits as (v<<2)|((v&1)<<1)|(v&1), so the EGA levels
  0/21/42/63 arrive as 0/87/168/255, while goldens are stored with the usual
  00/55/AA/FF levels. Each screendump pixel is mapped to the nearest EGA
  colour; a pixel further than EGA_MAX_DISTANCE from every EGA colour is an
  error (the DAC was not loaded with the EGA palette), not a near match.
* The 640x400 screendump of mode 0Dh doubles every pixel; we take the
  top-left pixel of each 2x2 block (and check the block is uniform).
* Frozen, deterministic frames (ticks=N freeze, the panic screen) must match
  their golden exactly: zero differing pixels.
* Live frames (the title screen right after `ready`) may differ from the
  golden only inside the caller's ignore rectangles — for the title screen
  that is TITLE_ANIM_RECT, the one animated region. One pixel different
  anywhere else fails.
* On a mismatch, actual.png, expected.png and diff.png are written to the
  test's folder (diff.png: the expected frame darkened to grey, differing
  pixels yellow inside a red box, orange if inside an ignored rectangle,
  ignored rectangles tinted blue) and ImageMismatch names the three paths.
"""

import os
import zlib

from PIL import Image

SCREEN_W = 320
SCREEN_H = 200
PLANE_BYTES = SCREEN_W // 8 * SCREEN_H  # 8000: 40 bytes per line x 200 lines

# EGA palette as 6-bit DAC values, index = colour number (HARDWARE.md).
EGA_DAC = (
    (0, 0, 0), (0, 0, 42), (0, 42, 0), (0, 42, 42),
    (42, 0, 0), (42, 0, 42), (42, 21, 0), (42, 42, 42),
    (21, 21, 21), (21, 21, 63), (21, 63, 21), (21, 63, 63),
    (63, 21, 21), (63, 21, 63), (63, 63, 21), (63, 63, 63),
)
EGA_NAMES = (
    "black", "blue", "green", "cyan", "red", "magenta", "brown", "light grey",
    "dark grey", "light blue", "light green", "light cyan", "light red",
    "light magenta", "yellow", "white",
)
_LEVEL8 = {0: 0x00, 21: 0x55, 42: 0xAA, 63: 0xFF}
# Golden / PNG form: 00/55/AA/FF levels.
EGA_RGB = tuple(tuple(_LEVEL8[c] for c in rgb) for rgb in EGA_DAC)
# What QEMU's screendump shows for the same DAC values.
EGA_RGB_QEMU = tuple(
    tuple((c << 2) | ((c & 1) << 1) | (c & 1) for c in rgb) for rgb in EGA_DAC)
# Largest per-channel distance to the nearest EGA colour still accepted.
EGA_MAX_DISTANCE = 12


class Rect:
    """A screen rectangle in 320x200 coordinates: x, y, width, height."""

    def __init__(self, x, y, w, h):
        self.x, self.y, self.w, self.h = x, y, w, h

    def contains(self, px, py):
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def __repr__(self):
        return "Rect(x=%d..%d, y=%d..%d)" % (
            self.x, self.x + self.w - 1, self.y, self.y + self.h - 1)


# The title screen's one animated region (the critter on patrol along the grass):
# x=168..247, y=160..175 (game/shell/title.h TITLE_ANIM_*). Everything else on the title screen is static
# unless the sprite moves.
TITLE_ANIM_RECT = Rect(168, 160, 80, 16)
# The title's band for "Progress is not saved: <why>" (game/shell/savescreens.c, y=120..138): what it says
# depends on the boot medium (a CD, a read-only stick, a writable disk: none), so title goldens leave it
# out and run_tests.check_saves_band compares it with the host's render of what COM1 says.
SAVES_RECT = Rect(0, 120, 320, 19)


class ImageError(Exception):
    """A screendump or golden could not be read as an EGA frame."""


class ImageMismatch(AssertionError):
    """A frame differs from its golden; the message names actual/expected/diff PNGs."""


class Frame:
    """320x200 EGA colour indices (bytes of 0..15), row-major."""

    def __init__(self, pixels):
        if len(pixels) != SCREEN_W * SCREEN_H:
            raise ImageError("frame has %d pixels, want %d" % (len(pixels), SCREEN_W * SCREEN_H))
        self.pixels = bytes(pixels)

    def __eq__(self, other):
        return isinstance(other, Frame) and self.pixels == other.pixels

    def at(self, x, y):
        return self.pixels[y * SCREEN_W + x]

    def histogram(self):
        """Pixel count per colour index (list of 16)."""
        counts = [0] * 16
        for colour in range(16):
            counts[colour] = self.pixels.count(colour)
        return counts

    def dominant_colour(self):
        counts = self.histogram()
        return max(range(16), key=lambda c: counts[c])

    def planes(self):
        """The four VGA planes of this frame, as the kernel has them in VRAM.

        Plane p holds bit p of every pixel's colour; 40 bytes per line,
        bit 7 of each byte is the leftmost of its 8 pixels.
        """
        out = []
        px = self.pixels
        for plane in range(4):
            buf = bytearray(PLANE_BYTES)
            mask = 1 << plane
            i = 0
            for row in range(SCREEN_H):
                base = row * SCREEN_W
                for col in range(0, SCREEN_W, 8):
                    byte = 0
                    for bit in range(8):
                        if px[base + col + bit] & mask:
                            byte |= 0x80 >> bit
                    buf[i] = byte
                    i += 1
            out.append(bytes(buf))
        return out

    def crc(self):
        """CRC-32 of planes 0..3 concatenated, as the kernel prints it (8 uppercase hex)."""
        return "%08X" % (zlib.crc32(b"".join(self.planes())) & 0xFFFFFFFF)

    def to_image(self, palette=EGA_RGB):
        img = Image.new("RGB", (SCREEN_W, SCREEN_H))
        img.putdata([palette[c] for c in self.pixels])
        return img

    def save_png(self, path):
        """Save as an RGB PNG with the exact 00/55/AA/FF EGA colours (the golden form)."""
        self.to_image().save(path)


def frame_from_planes(planes):
    """Inverse of Frame.planes(): rebuild a frame from 4 x 8000 plane bytes."""
    if len(planes) != 4 or any(len(p) != PLANE_BYTES for p in planes):
        raise ImageError("need 4 planes of %d bytes" % PLANE_BYTES)
    px = bytearray(SCREEN_W * SCREEN_H)
    for plane, data in enumerate(planes):
        bit_val = 1 << plane
        for i, byte in enumerate(data):
            if byte:
                base = i * 8
                for bit in range(8):
                    if byte & (0x80 >> bit):
                        px[base + bit] |= bit_val
    return Frame(px)


def nearest_ega(rgb):
    """(index, distance) of the EGA colour nearest to rgb; distance = max channel error.

    Both the QEMU expansion (0/87/168/255) and the 00/55/AA/FF form match.
    """
    best, best_dist = 0, 1 << 30
    for index in range(16):
        for table in (EGA_RGB_QEMU, EGA_RGB):
            ref = table[index]
            dist = max(abs(rgb[0] - ref[0]), abs(rgb[1] - ref[1]), abs(rgb[2] - ref[2]))
            if dist < best_dist:
                best, best_dist = index, dist
    return best, best_dist


def frame_from_image(img, source="image"):
    """Map a 640x400 (pixel-doubled) or 320x200 RGB image to a Frame.

    Raises ImageError for other sizes (e.g. 720x400 means text mode, not
    mode 0Dh), for 2x2 blocks that are not uniform, and for colours that are
    not in the EGA palette.
    """
    img = img.convert("RGB")
    w, h = img.size
    if (w, h) == (2 * SCREEN_W, 2 * SCREEN_H):
        step = 2
    elif (w, h) == (SCREEN_W, SCREEN_H):
        step = 1
    else:
        hint = " (text mode? the kernel has not set mode 0Dh)" if (w, h) in ((720, 400), (640, 480)) else ""
        raise ImageError("%s is %dx%d, want 640x400 or 320x200%s" % (source, w, h, hint))
    raw = img.tobytes()
    cache = {}
    px = bytearray(SCREEN_W * SCREEN_H)
    row_bytes = w * 3
    for y in range(SCREEN_H):
        line = (y * step) * row_bytes
        next_line = line + row_bytes if step == 2 else None
        for x in range(SCREEN_W):
            o = line + x * step * 3
            rgb = raw[o:o + 3]
            if step == 2:
                if raw[o + 3:o + 6] != rgb or raw[next_line + x * 6:next_line + x * 6 + 6] != rgb * 2:
                    raise ImageError("%s: 2x2 block at 320x200 pixel (%d,%d) is not uniform — "
                        "is this really a pixel-doubled mode 0Dh screen?" % (source, x, y))
            index = cache.get(rgb)
            if index is None:
                index, dist = nearest_ega(tuple(rgb))
                if dist > EGA_MAX_DISTANCE:
                    raise ImageError("%s: colour #%02X%02X%02X at (%d,%d) is not an EGA colour "
                        "(nearest %s, off by %d) — DAC not loaded with the EGA palette?"
                        % (source, rgb[0], rgb[1], rgb[2], x, y, EGA_NAMES[index], dist))
                cache[rgb] = index
            px[y * SCREEN_W + x] = index
    return Frame(px)


def framebuffer_layout(w, h):
    """Where the kernel's framebuffer back end puts the 320x200 picture on a w x h screen:
    (scale, left, top) — the largest integer scale that fits, centred (drivers/video/fb.c)."""
    scale = min(w // SCREEN_W, h // SCREEN_H)
    if scale < 1:
        raise ImageError("a %dx%d screen is smaller than 320x200" % (w, h))
    return scale, (w - SCREEN_W * scale) // 2, (h - SCREEN_H * scale) // 2


def frame_from_framebuffer(img, source="image"):
    """Map a framebuffer screendump (any size) back to a 320x200 Frame.

    The picture must sit where framebuffer_layout() says, every scale x scale
    block must be one colour, everything around it black, and every colour
    an EGA colour; anything else is an ImageError naming the first problem.
    """
    img = img.convert("RGB")
    w, h = img.size
    scale, left, top = framebuffer_layout(w, h)
    box = (left, top, left + SCREEN_W * scale, top + SCREEN_H * scale)
    picture = img.crop(box)
    small = picture
    if scale > 1:
        small = picture.resize((SCREEN_W, SCREEN_H), Image.NEAREST)
        back = small.resize(picture.size, Image.NEAREST)
        if back.tobytes() != picture.tobytes():
            bad = next(i for i, (a, b) in enumerate(zip(back.getdata(), picture.getdata())) if a != b)
            x, y = bad % picture.size[0], bad // picture.size[0]
            raise ImageError("%s: the %dx%d block of 320x200 pixel (%d,%d) is not one colour (x%d "
                             "picture at %d,%d on %dx%d)" % (source, scale, scale, x // scale, y // scale,
                                                             scale, left, top, w, h))
    for name, rect in (("left", (0, 0, left, h)), ("right", (box[2], 0, w, h)),
                       ("top", (0, 0, w, top)), ("bottom", (0, box[3], w, h))):
        if rect[2] > rect[0] and rect[3] > rect[1]:
            extrema = img.crop(rect).getextrema()
            if any(hi != 0 for _, hi in extrema):
                raise ImageError("%s: the border %s of the picture is not black (%r)" % (source, name, extrema))
    return frame_from_image(small, source=source)


def load_ppm(path, framebuffer=False):
    """Read a QEMU screendump (binary PPM P6) as a Frame: mode 0Dh (640x400), or with
    framebuffer=True the kernel's scaled picture on a framebuffer of any size."""
    try:
        with Image.open(path) as img:
            img.load()
            if framebuffer:
                return frame_from_framebuffer(img, source=path)
            return frame_from_image(img, source=path)
    except (OSError, ValueError) as err:
        raise ImageError("cannot read screendump %s: %s" % (path, err))


def load_golden(path):
    """Read a golden PNG; every pixel must be exactly one of the EGA_RGB colours."""
    try:
        with Image.open(path) as img:
            img = img.convert("RGB")
    except (OSError, ValueError) as err:
        raise ImageError("cannot read golden %s: %s" % (path, err))
    if img.size != (SCREEN_W, SCREEN_H):
        raise ImageError("golden %s is %dx%d, want %dx%d" % (path, img.size[0], img.size[1], SCREEN_W, SCREEN_H))
    lookup = {rgb: i for i, rgb in enumerate(EGA_RGB)}
    px = bytearray(SCREEN_W * SCREEN_H)
    for i, rgb in enumerate(img.getdata()):
        index = lookup.get(tuple(rgb))
        if index is None:
            raise ImageError("golden %s: pixel (%d,%d) colour %r is not an exact EGA colour"
                % (path, i % SCREEN_W, i // SCREEN_W, rgb))
        px[i] = index
    return Frame(px)


def diff_pixels(a, b):
    """List of (x, y) where two frames differ."""
    out = []
    pa, pb = a.pixels, b.pixels
    if pa == pb:
        return out
    for i in range(len(pa)):
        if pa[i] != pb[i]:
            out.append((i % SCREEN_W, i // SCREEN_W))
    return out


def bounding_box(points):
    """Rect around a list of (x, y), or None if empty."""
    if not points:
        return None
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def write_diff(actual, expected, path, ignore=(), points=None):
    """diff.png: expected darkened to grey; differing pixels yellow (orange inside an ignored rect)
    framed by a red box; ignored rects tinted blue."""
    if points is None:
        points = diff_pixels(actual, expected)
    data = []
    for i, c in enumerate(expected.pixels):
        r, g, b = EGA_RGB[c]
        grey = (r * 30 + g * 59 + b * 11) // 100 // 3
        x, y = i % SCREEN_W, i // SCREEN_W
        if any(rect.contains(x, y) for rect in ignore):
            data.append((grey, grey, min(255, grey + 90)))
        else:
            data.append((grey, grey, grey))
    bad = [p for p in points if not any(rect.contains(p[0], p[1]) for rect in ignore)]
    box = bounding_box(bad)
    if box:     # a red frame 2 px outside the differences, so single pixels are easy to find
        x0, y0, x1, y1 = box.x - 2, box.y - 2, box.x + box.w + 1, box.y + box.h + 1
        for x in range(max(x0, 0), min(x1, SCREEN_W - 1) + 1):
            for y in (y0, y1):
                if 0 <= y < SCREEN_H:
                    data[y * SCREEN_W + x] = (255, 0, 0)
        for y in range(max(y0, 0), min(y1, SCREEN_H - 1) + 1):
            for x in (x0, x1):
                if 0 <= x < SCREEN_W:
                    data[y * SCREEN_W + x] = (255, 0, 0)
    for x, y in points:
        inside = any(rect.contains(x, y) for rect in ignore)
        data[y * SCREEN_W + x] = (255, 160, 0) if inside else (255, 255, 0)
    img = Image.new("RGB", (SCREEN_W, SCREEN_H))
    img.putdata(data)
    img.save(path)


def compare_golden(actual, golden_path, outdir, ignore=(), label=None):
    """Compare a frame with a golden PNG; only pixels inside `ignore` rects may differ.

    Returns the number of (tolerated) differing pixels inside the ignore
    rects. On any other difference writes <label>actual.png, expected.png,
    diff.png in outdir and raises ImageMismatch naming them.
    """
    expected = load_golden(golden_path)
    points = diff_pixels(actual, expected)
    bad = [p for p in points if not any(rect.contains(p[0], p[1]) for rect in ignore)]
    if not bad:
        return len(points)
    prefix = (label + "-") if label else ""
    paths = [os.path.join(outdir, prefix + n) for n in ("actual.png", "expected.png", "diff.png")]
    actual.save_png(paths[0])
    expected.save_png(paths[1])
    write_diff(actual, expected, paths[2], ignore=ignore, points=points)
    box = bounding_box(bad)
    where = " outside %s" % ", ".join(map(repr, ignore)) if ignore else ""
    raise ImageMismatch("%d pixels differ from %s%s (bounding box %r); see %s, %s, %s"
        % (len(bad), golden_path, where, box, paths[0], paths[1], paths[2]))
