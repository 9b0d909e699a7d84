#!/usr/bin/env python3
"""Writes a .tar.gz that tries to escape the folder it is unpacked into.

Usage: hostile_archive.py KIND OUT.tar.gz MODEL_DIR
  dotdot    an entry named model/../../escaped.txt
  absolute  an entry named /tmp/dictation-station-escaped-<pid>.txt
  symlink   model/link -> ../../.. then model/link/escaped.txt (a write through an escaping link)
  symlinkonly  model/en-us/noisedict as a link to /etc/passwd, next to an otherwise complete model
The complete en-us model from MODEL_DIR comes first, so only the hostile entry makes it fail.
"""
import io
import os
import sys
import tarfile

kind, out, model = sys.argv[1], sys.argv[2], sys.argv[3]


def add_bytes(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


with tarfile.open(out, "w:gz", format=tarfile.GNU_FORMAT) as tar:
    for name in sorted(os.listdir(os.path.join(model, "en-us"))):
        if kind == "symlinkonly" and name == "noisedict":
            continue
        tar.add(os.path.join(model, "en-us", name), arcname="model/en-us/" + name)
    tar.add(os.path.join(model, "cmudict-en-us.dict"), arcname="model/cmudict-en-us.dict")
    tar.add(os.path.join(model, "en-us-phone.lm.bin"), arcname="model/en-us.lm.bin")
    if kind == "dotdot":
        add_bytes(tar, "model/../../escaped.txt", b"escaped\n")
    elif kind == "absolute":
        add_bytes(tar, "/tmp/dictation-station-escaped-%d.txt" % os.getpid(), b"escaped\n")
    elif kind == "symlink":
        link = tarfile.TarInfo("model/link")
        link.type = tarfile.SYMTYPE
        link.linkname = "../../.."
        tar.addfile(link)
        add_bytes(tar, "model/link/escaped.txt", b"escaped\n")
    elif kind == "symlinkonly":
        link = tarfile.TarInfo("model/en-us/noisedict")
        link.type = tarfile.SYMTYPE
        link.linkname = "/etc/passwd"
        tar.addfile(link)
    else:
        sys.exit("unknown kind " + kind)
