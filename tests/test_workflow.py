"""``.github/workflows/build.yml``, read as GitHub reads it: the tests, ruff and mypy on the three
systems, the source start-up on each, the app built on each (macOS on Apple silicon and on
Intel), and a release with SHA-256 sums on a ``v*`` tag only."""

from __future__ import annotations

from typing import Any

import yaml

from tests.test_main_py import readme_powershell_blocks
from tests.test_packaging import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def workflow() -> dict[Any, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def runs(job: dict[str, Any]) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def test_the_tests_ruff_and_mypy_run_on_linux_windows_and_macos():
    tests = workflow()["jobs"]["tests"]
    systems = tests["strategy"]["matrix"]["os"]
    assert {s.split("-")[0] for s in systems} == {"ubuntu", "windows", "macos"}
    assert tests["runs-on"] == "${{ matrix.os }}"
    commands = runs(tests)
    for command in ("-m pytest -q -n auto", "-m ruff check", "-m mypy", "main.py --selftest",
                    "catgames.pyw --selftest"):
        assert command in commands, command


def test_windows_sets_up_with_the_readmes_powershell_lines_in_windows_powershell():
    (setup,) = [s for s in workflow()["jobs"]["tests"]["steps"] if s.get("shell") == "powershell"]
    lines = setup["run"].splitlines()
    assert "&&" not in setup["run"]
    assert readme_powershell_blocks()[1][:2] == lines[:2]  # py -m venv, pip install the dev tools


def test_the_app_is_built_and_self_tested_on_every_system_and_both_macs():
    app = workflow()["jobs"]["app"]
    assert set(app["strategy"]["matrix"]["os"]) >= {"windows-latest", "macos-15", "macos-15-intel"}
    assert any(s.startswith("ubuntu-") for s in app["strategy"]["matrix"]["os"])
    commands = runs(app)
    assert "python packaging/build.py" in commands
    assert commands.count("--selftest") == 3  # the .app, catgames.exe, the Linux build


def test_a_v_tag_publishes_the_archives_with_their_sha256_sums():
    flow = workflow()
    assert flow[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads the key "on" as true
    release = flow["jobs"]["release"]
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(release["needs"]) == {"tests", "app"}
    assert release["permissions"] == {"contents": "write"}
    commands = runs(release)
    assert "sha256sum" in commands and "SHA256SUMS.txt" in commands
    assert "gh release create" in commands
    for archive in ("dist/*.tar.gz", "dist/*.zip", "dist/SHA256SUMS.txt"):
        assert archive in commands
