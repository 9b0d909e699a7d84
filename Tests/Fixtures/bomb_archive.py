#!/usr/bin/env python3
"""Writes a small file that unpacks to SIZE bytes of zeros (an archive bomb), in a few seconds.

Usage: bomb_archive.py KIND OUT SIZE MODEL_DIR
  tar   OUT.tar.gz: the small en-us model (model/en-us/, model/en-us.lm.bin, model/cmudict-en-us.dict),
        then model/padding.bin of SIZE zeros whose header says so
  gz    OUT.gz: SIZE zeros as one compressed file (no header tells the size)
The zeros are gzip members of 16 MiB each, compressed once and repeated: a gzip file may hold
several members, and readers join them into one stream.
"""
import gzip
import io
import os
import sys
import tarfile

kind, out, size, model = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
CHUNK = 16 << 20


def write_zeros(f, count):
    member = gzip.compress(bytes(CHUNK), compresslevel=9)
    for _ in range(count // CHUNK):
        f.write(member)
    if count % CHUNK:
        f.write(gzip.compress(bytes(count % CHUNK), compresslevel=9))


with open(out, "wb") as f:
    if kind == "tar":
        buffer = io.BytesIO()
        tar = tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT)
        for name in sorted(os.listdir(os.path.join(model, "en-us"))):
            tar.add(os.path.join(model, "en-us", name), arcname="model/en-us/" + name)
        tar.add(os.path.join(model, "en-us-phone.lm.bin"), arcname="model/en-us.lm.bin")
        tar.add(os.path.join(model, "cmudict-en-us.dict"), arcname="model/cmudict-en-us.dict")
        head = buffer.getvalue()[:tar.offset]
        info = tarfile.TarInfo("model/padding.bin")
        info.size = size
        info.mode = 0o644
        head += info.tobuf(format=tarfile.GNU_FORMAT)
        f.write(gzip.compress(head, compresslevel=6))
        # The file's zeros, its padding to a 512-byte block and the two zero blocks that end a tar.
        write_zeros(f, size + (-size % 512) + 1024)
    elif kind == "gz":
        write_zeros(f, size)
    else:
        sys.exit("unknown kind " + kind)
