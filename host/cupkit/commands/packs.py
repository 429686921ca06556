"""cupkit packs: list the rule packs and validate pack files."""

import json
import os

from cupcore import packs

from cupkit import feed, jsonfile, packfiles, paths, quoting, table
from cupkit.cli import Fail

NAME = "packs"
HELP = "list the rule packs, validate pack files"


def add_arguments(p):
    sub = p.add_subparsers(dest="packs_command", metavar="ACTION")
    sub.required = True
    ls = sub.add_parser("list", help="the packs this machine has (built in, and ./packs)")
    ls.set_defaults(packs_run=_list)
    va = sub.add_parser("validate", help="check pack files against the schema and their engine")
    va.add_argument("files", nargs="+", metavar="FILE")
    va.set_defaults(packs_run=_validate)
    new = sub.add_parser("new", help="a house-rule pack: a copy of PACK under a new id, in ./packs")
    new.add_argument("id", metavar="ID", help="the new pack's id (its file name): a-z, 0-9, -")
    new.add_argument("--from", dest="source", required=True, metavar="PACK", help="the pack to start from")
    new.add_argument("--name", help="its display name, up to 40 characters (default: from ID: quick-pig is Quick Pig)")
    new.add_argument("--set", action="append", default=[], metavar="PARAM=VALUE",
                     help="change a parameter (VALUE is JSON: 50, true, \"double-one\"); repeatable; "
                          "the rules text gets a first line that lists the changes")
    new.add_argument("--dir", default="packs", help="where to write it (default: ./packs)")
    new.add_argument("--replace", action="store_true", help="overwrite a pack of that id in --dir")
    new.set_defaults(packs_run=_new)
    feed = sub.add_parser("import-feed", help="reference-only packs (rules text for the device) from a JSON Feed 1.1")
    feed.add_argument("file", metavar="FILE.json")
    feed.add_argument("--dir", default="packs", help="where to write them (default: ./packs)")
    feed.set_defaults(packs_run=_import_feed)


def run(args):
    return args.packs_run(args)


def _list(args):
    rows = []
    folders = ["packs", paths.PACKS]
    for pid in packs.ids(folders):
        shown = quoting.clip(pid, 40)
        try:
            pk = packfiles.load(pid, folders)[1]
        except ValueError as e:
            rows.append((shown, "-", "-", "unusable: %s" % quoting.clip(e, 120)))
            continue
        name = quoting.clip(pk["name"], 40)
        if "engine" in pk:
            pl = pk["players"]
            who = "%d" % pl["min"] if pl["min"] == pl["max"] else "%d-%d" % (pl["min"], pl["max"])
            rows.append((shown, pk["engine"], who, name))
        else:
            rows.append((shown, "-", "-", name + " (reference only)"))
    print("\n".join(table.lines(("PACK", "ENGINE", "PLAYERS", "NAME"), rows)))
    return 0


def _validate(args):
    bad = 0
    for path in args.files:
        errs = packfiles.problems(path)
        if errs:
            bad += 1
            for e in errs:
                print(quoting.clip("%s: %s" % (path, e)))
        else:
            print(quoting.clip("%s: ok" % path))
    if bad:
        raise Fail("%d of %d pack files are not valid" % (bad, len(args.files)))
    return 0


def _write_checked(pack, folder):
    """Write pack as folder/ID.json if it validates; Fail (and write nothing) if not."""
    import shutil
    import tempfile
    path = os.path.join(folder, pack["id"] + ".json")
    with tempfile.TemporaryDirectory(prefix="cupkit-pack-") as tmp:
        trial = os.path.join(tmp, pack["id"] + ".json")
        with open(trial, "w", encoding="utf-8") as f:
            f.write(feed.dumps(pack))
        errs = packfiles.problems(trial)
        if errs:
            raise Fail("%s would not be a valid pack: %s" % (path, "; ".join(errs)))
        os.makedirs(folder, exist_ok=True)
        shutil.copyfile(trial, path + ".tmp")
        os.replace(path + ".tmp", path)
    return path


def _new(args):
    try:
        pack = dict(packfiles.load(args.source, [args.dir, paths.PACKS])[1])
    except ValueError as e:
        raise Fail(str(e))
    mine = os.path.join(args.dir, args.id + ".json")
    if os.path.exists(os.path.join(paths.PACKS, args.id + ".json")):
        raise Fail("%s is a built-in pack: pick another id (a pack of the same id would hide it)" % args.id)
    if os.path.exists(mine) and not args.replace:
        raise Fail("%s already exists: pick another id, edit that file, or --replace it" % mine)
    pack["id"] = args.id
    pack["name"] = args.name or " ".join(w.capitalize() for w in args.id.split("-"))
    if len(pack["name"]) > 40:
        raise Fail("--name: at most 40 characters (the device's screen)")
    pack["version"] = 1
    if args.set:
        if "engine" not in pack:
            raise Fail("%s is reference-only: it has no params to --set" % args.source)
        params = dict(pack["params"])
        changed = []
        for item in args.set:
            key, eq, value = item.partition("=")
            if not eq or key not in params:
                raise Fail("--set %s: use PARAM=VALUE with PARAM one of %s" % (item, ", ".join(sorted(params))))
            try:
                params[key] = json.loads(value)
            except ValueError:
                params[key] = value
            shown = params[key] if isinstance(params[key], str) else json.dumps(params[key])
            changed.append("%s %s" % (key.replace("_", " "), shown))
        pack["params"] = params
        # The copied text describes the original params: say plainly what this pack changes.
        pack["rules"] = feed.wrap("House rules: " + ", ".join(changed) + ".") + "\n\n" + pack["rules"]
    path = _write_checked(pack, args.dir)
    print("wrote %s (from %s): edit its params and rules, then `cupkit sync`" % (path, args.source))
    return 0


def playable_ids(folders):
    """Ids of the packs with a game (an engine) in any of folders."""
    out = set()
    for d in folders:
        for pid in packs.ids([d]):
            try:
                if "engine" in jsonfile.read(os.path.join(d, pid + ".json")):
                    out.add(pid)
            except (OSError, ValueError, TypeError):
                pass
    return out


def _import_feed(args):
    try:
        doc = jsonfile.read(args.file)
        made = feed.packs_from(doc, playable_ids([args.dir, paths.PACKS]))
    except OSError as e:
        raise Fail("cannot read %s: %s" % (args.file, e.strerror or e))
    except ValueError as e:
        raise Fail("%s: %s" % (args.file, e))
    for pack, wanted in made:
        path = _write_checked(pack, args.dir)
        lines = pack["rules"].count("\n") + 1
        print("wrote %s: %s (reference only, %d lines, %d screens)" % (path, quoting.clip(pack["name"], 40), lines,
                                                                         (lines + 7) // 8))
        if wanted:
            print("  %s is a pack with a game: its rules text went to %s instead, so the game stays playable"
                  % (wanted, pack["id"]))
    return 0
