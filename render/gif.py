"""A GIF's blocks, read and rewritten without decoding a pixel.

Pillow writes a local colour table before every frame of an animation saved without a `palette` (and saving
with one remaps the frames' indices, which breaks the replay's "unchanged" transparency).  A replay's frames
all use its one shared palette, so each local table repeats the global one: 768 bytes a frame, 36 KB of a
48-frame replay.  `global_table_only` drops those repeats; every frame decodes to the same pixels.
"""
from __future__ import annotations

_TRAILER, _EXTENSION, _IMAGE = 0x3B, 0x21, 0x2C


def _table_size(flags: int) -> int:
    return 3 << ((flags & 7) + 1) if flags & 0x80 else 0


def _sub_blocks_end(data: bytes, pos: int) -> int:
    """The index just past the sub-blocks starting at `pos` (each a length byte, then that many bytes; 0 ends)."""
    while data[pos]:
        pos += data[pos] + 1
    return pos + 1


def global_table_only(data: bytes) -> bytes:
    """`data` (a GIF) without the local colour tables that equal its global one.  Anything it does not
    recognise is returned as it came."""
    if data[:6] not in (b"GIF87a", b"GIF89a") or len(data) < 13:
        return data
    pos = 13 + _table_size(data[10])
    global_table = data[13:pos]
    out = [data[:pos]]
    try:
        while pos < len(data):
            kind = data[pos]
            if kind == _TRAILER:
                out.append(data[pos:])
                return b"".join(out)
            if kind == _EXTENSION:  # its label, then sub-blocks
                end = _sub_blocks_end(data, pos + 2)
                out.append(data[pos:end])
                pos = end
                continue
            if kind != _IMAGE:
                return data
            descriptor = bytearray(data[pos:pos + 10])
            pos += 10
            size = _table_size(descriptor[9])
            table = data[pos:pos + size]
            pos += size
            if size and table == global_table:
                descriptor[9] &= 0x40  # interlacing kept; no local table
                table = b""
            end = _sub_blocks_end(data, pos + 1)  # the LZW minimum code size, then the pixels' sub-blocks
            out.append(bytes(descriptor) + table + data[pos:end])
            pos = end
    except IndexError:  # cut short: not a GIF this can read
        return data
    return data


__all__ = ["global_table_only"]
