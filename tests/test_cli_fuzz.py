"""``analyse`` answers every input with JSON or one line on stderr and exit 2.

Seeded and bounded: a few hundred mutated position files and saves of all five games, run in
this process, plus every top-level field of each game given a value of the wrong type.  The
readers must refuse these themselves: the last-resort guard of ``cmd_analyse`` ("internal
error") must never be what answers.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from catgames.__main__ import main
from catgames.core.storage import SAFE_DUMPER
from tests.positions_fuzz import cases, classify, seed_documents

ROOT = Path(__file__).resolve().parents[1]
WRONG_TYPES = ["zz", 7, [1, "a"], {"a": 1}]


def _analyse(path: Path, capsys) -> tuple[str, str]:
    code = main(["analyse", str(path)])
    out, err = capsys.readouterr()
    return classify(code, out, err), err


def test_fuzzed_position_files_get_json_or_one_line(tmp_path, capsys):
    outcomes = []
    for name, data in cases(seed=11, count=150):
        path = tmp_path / "p.yaml"
        path.write_bytes(data)
        outcome, err = _analyse(path, capsys)
        assert outcome in ("json", "one_line") and "internal error" not in err, (name, err)
        outcomes.append(outcome)
    assert "json" in outcomes and "one_line" in outcomes


@pytest.fixture(scope="module")
def documents():
    seen, docs = set(), []
    for name, doc in seed_documents(random.Random(5)):
        if name not in seen:          # one position per game, one save per game
            seen.add(name)
            docs.append((name, doc))
    return docs


def test_a_wrong_type_in_any_field_of_any_game_gets_json_or_one_line(tmp_path, capsys, documents):
    """Some fields take another type in stride (JSON then); none may reach the last-resort guard."""
    path = tmp_path / "p.yaml"
    for name, doc in documents:
        for key in doc:
            for value in WRONG_TYPES:
                changed = copy.deepcopy(doc)
                changed[key] = value
                path.write_text(yaml.dump(changed, Dumper=SAFE_DUMPER))  # libyaml: a sixth of the time
                outcome, err = _analyse(path, capsys)
                assert outcome in ("json", "one_line"), (name, key, value, err)
                assert "internal error" not in err, (name, key, value, err)


def test_a_save_is_analysed_at_the_position_it_reached(tmp_path, capsys, documents):
    name, save = next((n, d) for n, d in documents if n == "days-save")
    (tmp_path / "save.yaml").write_text(yaml.safe_dump(save))
    (tmp_path / "position.yaml").write_text(yaml.safe_dump(save["position"]))
    assert main(["analyse", str(tmp_path / "save.yaml")]) == 0
    from_save = json.loads(capsys.readouterr().out)
    assert main(["analyse", str(tmp_path / "position.yaml")]) == 0
    assert from_save == json.loads(capsys.readouterr().out)
    save["moves"] = save["moves"][:1] + ["discard nothing"]
    (tmp_path / "save.yaml").write_text(yaml.safe_dump(save))
    assert _analyse(tmp_path / "save.yaml", capsys)[0] == "one_line"


def test_control_characters_in_a_message_stay_on_one_line(tmp_path, capsys):
    path = tmp_path / "p.yaml"
    path.write_text('game: bed\nto_move: "cat\\ndog\\r\\u2028\\x1b[31m"\nplacements: []\n')
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cat\\ndog\\r\\u2028\\x1b[31m" in err


def _run(args, **kwargs):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "catgames", *args], cwd=ROOT, env=env,
                          timeout=60, **kwargs)


def test_a_binary_file_gets_one_line(tmp_path):
    """A small binary (the interpreter itself is larger than the size cap on some systems,
    which is another message)."""
    binary = tmp_path / "program.bin"
    binary.write_bytes(bytes(range(256)) * 64)
    done = _run(["analyse", str(binary)], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "not UTF-8 text" in done.stderr


def test_a_closed_pipe_ends_quietly(tmp_path):
    """``analyse FILE | head -c0``: the reader is gone before anything is written."""
    path = tmp_path / "p.yaml"
    path.write_text("game: bed\nto_move: dog\nplacements: []\n")
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = _run(["analyse", str(path)], stdout=write_end, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(write_end)
    assert done.returncode == 0 and done.stderr == ""
