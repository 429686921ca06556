"""cupkit test: the core's rule scenarios on CPython, on the MicroPython unix port and on a device."""

import importlib.util
import json
import os
import shutil
import tempfile

from cupkit import paths, quoting, tools
from cupkit.device import layout
from cupkit.cli import Fail

NAME = "test"
HELP = "run the rule scenarios on CPython, the MicroPython unix port and the device itself (the one found, or --port)"
PER_EXEC = 8  # scenarios per raw-REPL exec on a device


def add_arguments(p):
    where = p.add_mutually_exclusive_group()
    where.add_argument("--port", help="the device's serial port (default: the one found, as other commands find it; "
                       "none found: the host only)")
    where.add_argument("--no-device", action="store_true", help="run them on this computer only")
    p.add_argument("--no-unix", action="store_true", help="skip the MicroPython unix port")


def scenario_files():
    return sorted(os.path.join(paths.SCENARIOS, f) for f in os.listdir(paths.SCENARIOS) if f.endswith(".json"))


def _runner():
    spec = importlib.util.spec_from_file_location("cupkit_scenario_run", os.path.join(paths.SCENARIOS, "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def on_cpython(files):
    check = _runner().check
    out = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            out += [[os.path.basename(f), sc["name"], check(sc)] for sc in json.load(fh)]
    return out


def on_unix(files):
    with tempfile.TemporaryDirectory(prefix="cupkit-test-") as image:
        layout.build(image, mpy=True)
        shutil.copy(os.path.join(paths.SCENARIOS, "run.py"), image)
        for f in files:
            shutil.copy(f, image)
        with open(os.path.join(image, "main_test.py"), "w") as fh:
            fh.write("import run\nrun.main(%r)\n" % [os.path.basename(f) for f in files])
        r = tools.run_micropython("main_test.py", image, timeout=600)
    if r.returncode:
        raise Fail("the unix port stopped: %s" % (r.stderr or r.stdout).strip().splitlines()[-1:])
    return [json.loads(line) for line in r.stdout.splitlines() if line.strip()]


def on_device(port, files):
    from cupkit.device.transport import Device
    with Device(port, timeout=120) as dev:
        with open(os.path.join(paths.SCENARIOS, "run.py"), encoding="utf-8") as fh:
            src = fh.read()
        try:
            dev.run(src)
        except Fail as e:
            raise Fail("%s — is the device flashed? run `cupkit flash` first" % e)
        out = []
        for f in files:
            with open(f, encoding="utf-8") as fh:
                scenarios = json.load(fh)
            for i in range(0, len(scenarios), PER_EXEC):
                code = "\n".join("print(json.dumps([%r,%r,check(json.loads(%r))]))"
                                 % (os.path.basename(f), sc["name"], json.dumps(sc))
                                 for sc in scenarios[i:i + PER_EXEC])
                out += [json.loads(line) for line in dev.run(code).decode().splitlines() if line.strip()]
        return out, dev.port


def report(target, results):
    bad = [r for r in results if r[2] is not None]
    print("%-32s %d/%d scenarios hold" % (target, len(results) - len(bad), len(results)))
    for f, name, why in bad:
        print("  " + quoting.clip("%s %s: %s" % (f, name, why)))
    return len(bad)


def run(args):
    files = scenario_files()
    failed = report("CPython", on_cpython(files))
    if not args.no_unix:
        try:
            failed += report("MicroPython unix port (.mpy)", on_unix(files))
        except tools.ToolMissing as e:
            raise Fail(str(e))
    port = None if args.no_device else device_port(args.port)
    if port:
        results, port = on_device(port, files)
        failed += report("device %s" % port, results)
    elif not args.no_device:
        print("%-32s none found: plug one in (flashed with `cupkit flash`), or start one: `cupkit vdev`" % "device")
    return 1 if failed else 0


def device_port(port):
    """The device's port: --port, else the one found as every command finds it, else None."""
    from cupkit.device import transport
    try:
        return transport.find_port(port)
    except Fail as e:
        if str(e) == transport.NO_DEVICE:
            return None
        raise
