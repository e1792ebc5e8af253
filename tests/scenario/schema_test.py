#!/usr/bin/python3
"""The JSON Schemas of scenario and variant files, checked with a real
validator (Debian's python3-jsonschema), as a YAML editor would use them.

- The shipped schemas (scenarios/GAME/*.schema.json) are what `grove schema`
  prints, so they cannot drift from the games.
- Every shipped scenario and variant validates, and its first line points
  the editor at its schema.
- Broken files do not validate, and grove itself refuses each of them too,
  so the schema rejects only what is really wrong.

Usage: schema_test.py GROVE SOURCE_DIR
"""

import glob
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
    import yaml
except ImportError as missing:
    print(f"skipped: {missing} (tools/install-deps.sh tests installs python3-jsonschema "
          "and python3-yaml)")
    sys.exit(77)

MODELINE = "# yaml-language-server: $schema="

# (game, kind, file text, words the validator's complaint must contain)
BROKEN = [
    ("pass_the_pandas", "scenario", "game: pass_the_pandas\nplayrs: 2\n", "playrs"),
    ("pass_the_pandas", "scenario", "game: pass_the_pandas\nplayers: 9\n", "9"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nrulings: {ptp.challenge_basis: sometimes}\n",
     "sometimes"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nparameters: {bamboo_faces: 9}\n", "9"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nparameters: {dice: 4}\n", "dice"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nsteps:\n  - ilegal: P1 keep dice\n", "ilegal"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nsteps:\n  - expect: {events: [ptp.no.such]}\n",
     "ptp.no.such"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nsteps:\n  - random: forever\n", "forever"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nsteps:\n  - random: 2\n"
     "  - expect: {same_position_as_move: first}\n", "first"),
    ("takenoko", "scenario",
     "game: takenoko\nplayers: 2\nsteps:\n  - expect: {legal_moves: {kind: takes}}\n", "moves"),
    ("takenoko", "scenario",
     "game: takenoko\nplayers: 2\nparameters: {plot_tiles: {purple: 3}}\n", "purple"),
    ("pass_the_pandas", "scenario",
     "game: pass_the_pandas\nplayers: 2\nsteps:\n"
     "  - {illegal: P1 keep dice, reason: a, reason_contains: b}\n", "reason_contains"),
    ("bamboo_harvest", "scenario", "game: bamboo_harvest\nplayers: [Ann]\n", "Ann"),
    ("forest_shuffle", "variant", "game: forest_shuffle\nparameter: {}\n", "parameter"),
    ("forest_shuffle", "variant",
     "game: forest_shuffle\nrulings: {fs.no_such_ruling: yes}\n", "fs.no_such_ruling"),
]


def as_json(path_or_text, text=False):
    """The document as an editor sees it: YAML read into JSON (keys as text)."""
    document = yaml.safe_load(path_or_text if text else open(path_or_text, encoding="utf-8"))
    return json.loads(json.dumps(document, default=str))


def main():
    grove, source = sys.argv[1], sys.argv[2]
    failures = []
    games = subprocess.run([grove, "games", "--names"], capture_output=True, text=True,
                           check=True).stdout.split()
    for game in games:
        for kind, flags, pattern in (("scenario", [], "*.yaml"),
                                     ("variant", ["--variant"], "variants/*.yaml")):
            shipped_path = os.path.join(source, "scenarios", game, kind + ".schema.json")
            printed = subprocess.run([grove, "schema", game, *flags], capture_output=True,
                                     text=True, check=True).stdout
            shipped = open(shipped_path, encoding="utf-8").read()
            if printed != shipped:
                failures.append(f"{shipped_path} is not what 'grove schema {game} "
                                f"{' '.join(flags)}' prints: regenerate it with "
                                f"'grove schema {game} {' '.join(flags)} -o {shipped_path}'")
            schema = json.loads(printed)
            jsonschema.Draft7Validator.check_schema(schema)
            validator = jsonschema.Draft7Validator(schema)
            files = sorted(glob.glob(os.path.join(source, "scenarios", game, pattern)))
            if not files:
                failures.append(f"no {kind} files for {game}")
            for path in files:
                first = open(path, encoding="utf-8").readline().rstrip("\n")
                target = first[len(MODELINE):] if first.startswith(MODELINE) else ""
                if os.path.realpath(os.path.join(os.path.dirname(path), target)) != \
                        os.path.realpath(shipped_path):
                    failures.append(f"{path}: the first line does not point at "
                                    f"{kind}.schema.json: {first!r}")
                for error in validator.iter_errors(as_json(path)):
                    failures.append(f"{path}: {list(error.path)}: {error.message[:300]}")
            print(f"ok   {game} {kind}: {len(files)} files validate")

    with tempfile.TemporaryDirectory() as folder:
        for number, (game, kind, text, words) in enumerate(BROKEN):
            schema = json.loads(subprocess.run(
                [grove, "schema", game] + (["--variant"] if kind == "variant" else []),
                capture_output=True, text=True, check=True).stdout)
            errors = list(jsonschema.Draft7Validator(schema).iter_errors(as_json(text, True)))
            said = " | ".join(f"{list(e.path)} {e.message}" for e in errors) + " " + " ".join(
                json.dumps(e.instance) for e in errors) + " " + " ".join(
                str(p) for e in errors for p in e.path)
            if not errors:
                failures.append(f"broken {kind} #{number} validates: {text!r}")
                continue
            # The context of a oneOf failure names the value; either way the
            # complaint must be about the broken part.
            context = " ".join(str(sub.message) for e in errors for sub in (e.context or []))
            if words not in said + context:
                failures.append(f"broken {kind} #{number}: the complaint does not name "
                                f"'{words}': {said}")
            # grove refuses it too (exit 2: bad input).
            path = os.path.join(folder, f"broken_{number}.yaml")
            with open(path, "w", encoding="utf-8") as out:
                out.write(text)
            if kind == "scenario":
                command = [grove, "replay", path, "--db", os.path.join(folder, "grove.db")]
            else:
                command = [grove, "play", game, "--variant", path]
            answer = subprocess.run(command, capture_output=True, text=True)
            if answer.returncode != 2:
                failures.append(f"broken {kind} #{number} validates not, but grove answers "
                                f"{answer.returncode}: {answer.stdout[-300:]}{answer.stderr}")
        print(f"ok   {len(BROKEN)} broken files: each fails the schema and grove refuses it")

    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
