"""A replay GIF carries its shared palette once (render/gif.py): no frame repeats it as a local table, and
every frame decodes to the pixels it had with the tables."""
from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageSequence

from render.gif import global_table_only
from render.replay import encode_gif


def _frames(data: bytes) -> list[Image.Image]:
    return [f.convert("RGBA") for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))]


def _local_tables(data: bytes) -> int:
    """How many frames of `data` carry a local colour table (the image descriptor's flag)."""
    count, pos = 0, 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    while data[pos] != 0x3B:
        if data[pos] == 0x21:
            pos += 2
        else:
            flags = data[pos + 9]
            count += bool(flags & 0x80)
            pos += 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0) + 1
        while data[pos]:
            pos += data[pos] + 1
        pos += 1
    return count


def _boards() -> list[Image.Image]:
    out = []
    for k in range(6):
        img = Image.new("RGB", (320, 200), (30, 40, 60))
        img.paste((200, 60 + 20 * k, 40), (20 + 30 * k, 50, 60 + 30 * k, 120))
        out.append(img)
    return out


def test_pillows_animation_repeats_the_palette_per_frame_and_the_tidied_one_does_not():
    frames = [img.quantize(64) for img in _boards()]
    palette = frames[0].getpalette()
    for f in frames:
        f.putpalette(palette)
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], loop=0, disposal=1)
    raw = buf.getvalue()
    tidy = global_table_only(raw)
    assert _local_tables(raw) == 5 and _local_tables(tidy) == 0
    assert len(tidy) < len(raw)
    assert all(ImageChops.difference(a, b).getbbox() is None for a, b in zip(_frames(raw), _frames(tidy)))


def test_a_replay_has_no_local_tables_and_anything_else_is_left_as_it_came():
    data = encode_gif(_boards(), width=320)
    assert _local_tables(data) == 0 and len(_frames(data)) == 6
    assert global_table_only(b"not a gif at all") == b"not a gif at all"
    assert global_table_only(data[:40]) == data[:40]  # cut short
