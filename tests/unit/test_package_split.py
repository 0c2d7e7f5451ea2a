"""The runtime package never needs the tools (issue 14, item 4).

Runtime: ``app``, ``agents``, ``models`` — the distribution of ``pyproject.toml``, its wheel and the Docker image.
Tools: ``anontools`` — the distribution of ``tools/pyproject.toml`` with the one ``anonymizer-dev`` command.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
from setuptools import find_packages

REPO = Path(__file__).resolve().parents[2]
RUNTIME = ("app", "agents", "models")

# Runs in a fresh interpreter: a finder first on sys.meta_path records every *attempt* to import a tools module
# (also one inside ``try: ... except ImportError``, as ``anonymizer`` once registered ``train-ner``), then the
# worker, its agents, the review application and the ``anonymizer`` command are imported and one document goes
# through every stage in-process (``anonymizer anonymize`` and ``reidentify``: NER model, coreference, tables).
_RUNTIME_ONLY = textwrap.dedent("""
    import importlib, json, sys, tempfile
    from pathlib import Path

    attempts = []

    class Spy:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.split(".")[0] == "anontools":
                attempts.append(name)
            return None

    sys.meta_path.insert(0, Spy)
    for name in ["app.worker", "app.cli", "app.isolation", "app.review.server", "app.review.web", "agents.anonymize",
                 "agents.common", "agents.corefer", "agents.detect", "agents.erase", "agents.reidentify",
                 "agents.review"]:
        importlib.import_module(name)
    from app.cli import cli
    from app.registry import describe
    describe()
    work = Path(tempfile.mkdtemp())
    (work / "doc.txt").write_text("Angela Merkel met John Smith in Paris on 3 May 2019.", "utf-8")
    cli(["anonymize", str(work / "doc.txt"), "--table", str(work / "table.json")], standalone_mode=False)
    (work / "back.txt").write_text((work / "doc.txt").read_text("utf-8"), "utf-8")
    cli(["reidentify", str(work / "back.txt"), "--table", str(work / "table.json")], standalone_mode=False)
    loaded = sorted(m for m in sys.modules if m.split(".")[0] == "anontools")
    print("RESULT " + json.dumps({"attempts": sorted(set(attempts)), "loaded": loaded,
                                  "stages": "app.detection.stanza_ner" in sys.modules}))
""")


def test_runtime_never_imports_the_tools():
    # the tools are importable in the child (repository root first on the path): an import would succeed and be seen
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    run = subprocess.run([sys.executable, "-c", _RUNTIME_ONLY], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    result = next(line for line in run.stdout.splitlines() if line.startswith("RESULT "))
    import json

    found = json.loads(result.removeprefix("RESULT "))
    assert found["stages"], "the child did not run the stages: the check would prove nothing"
    assert found["attempts"] == [] and found["loaded"] == [], found


def _imported_names(path: Path) -> set[str]:
    """Every module named by an ``import`` anywhere in ``path`` (function bodies too) or in a ``"module:attr"`` /
    dotted string literal (registries and ``importlib`` calls name modules in strings)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            head = node.value.split(":")[0].strip()
            if head.startswith("anontools"):
                names.add(head)
    return names


def test_no_runtime_module_names_a_tools_module():
    offenders = {
        str(path.relative_to(REPO)): sorted(n for n in _imported_names(path) if n.split(".")[0] == "anontools")
        for package in RUNTIME for path in sorted((REPO / package).rglob("*.py"))
    }
    assert {k: v for k, v in offenders.items() if v} == {}
    assert len(offenders) > 50  # the scan saw the runtime's modules


def _find(config: dict, root: Path) -> list[str]:
    find = config["tool"]["setuptools"]["packages"]["find"]
    where = [str((root / w).resolve()) for w in find.get("where", ["."])]
    return sorted(p for w in where for p in find_packages(w, include=find["include"], exclude=find.get("exclude", ())))


def test_the_runtime_wheel_holds_no_tools_and_the_tools_distribution_holds_them():
    runtime = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    packages = _find(runtime, REPO)
    assert {p.split(".")[0] for p in packages} == set(RUNTIME), packages
    assert {"app", "app.detection", "app.review", "agents", "models"} <= set(packages)
    assert runtime["project"]["scripts"] == {"anonymizer": "app.cli:main"}

    tools = tomllib.loads((REPO / "tools" / "pyproject.toml").read_text("utf-8"))
    tool_packages = _find(tools, REPO / "tools")
    assert {p.split(".")[0] for p in tool_packages} == {"anontools"}
    assert {"anontools.devtools", "anontools.detection", "anontools.reidentification"} <= set(tool_packages)
    assert tools["project"]["scripts"] == {"anonymizer-dev": "anontools.cli:main"}


def test_the_image_copies_only_the_runtime():
    dockerfile = (REPO / "docker" / "Dockerfile").read_text("utf-8")
    copied = {line.split()[1] for line in dockerfile.splitlines() if line.startswith("COPY ")}
    assert "anontools" not in copied and "tools" not in copied and "." not in copied, copied
    ignore = (REPO / "docker" / "Dockerfile.dockerignore").read_text("utf-8").splitlines()
    assert ignore[[line.strip() for line in ignore].index("**")] == "**"  # everything excluded, then allowed back
    assert not [line for line in ignore if line.startswith("!") and "tools" in line]


# --- the one command ---------------------------------------------------------------------------------------------


def _has_main_block(path: Path) -> bool:
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            return True
    return False


def test_every_tool_entry_point_is_an_anonymizer_dev_subcommand():
    from anontools.cli import TOOLS

    with_main = {".".join(p.relative_to(REPO).with_suffix("").parts)
                 for p in (REPO / "anontools").rglob("*.py") if _has_main_block(p)}
    with_main -= {"anontools.cli", "anontools.__main__"}
    assert with_main  # the scan found the tools
    assert with_main == {t.module for t in TOOLS}
    assert len({t.name for t in TOOLS}) == len(TOOLS)


@pytest.mark.parametrize("name", ["demo", "faults", "benchmark", "train", "evaluate", "compare", "vectors",
                                  "ensemble", "binding-cases", "roundtrip", "europarl-demo", "tansu"])
def test_subcommand_help_is_the_tools_own(name, capsys):
    from anontools.cli import TOOLS, run_tool

    tool = next(t for t in TOOLS if t.name == name)
    assert run_tool(tool, ["--help"]) == 0
    out = capsys.readouterr().out
    assert "usage" in out.lower()


def test_subcommand_forwards_arguments_and_exit_status(tmp_path, capsys):
    """``anonymizer-dev ensemble`` is ``python -m anontools.detection.ensemble``: its own errors and exit codes."""
    from anontools.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["ensemble", str(tmp_path), "--output", str(tmp_path / "out")])
    assert exit_.value.code == 2
    assert "at least two" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["no-such-tool"])
    assert exit_.value.code == 2
