"""The command `tpukb` (tpukb.cli): one command with a subcommand for each
project command, `--help` with examples at every level, a usage error on one
line with exit 2; and no other command left under scripts/."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, TPUKB
from tpukb.cli import COMMANDS

# What scripts/ may hold besides the package: the README's two commands, the
# set-up and the installers they call, the benchmark's Node.js tools.
SCRIPTS = {"serve", "test", "setup-env", "install-browser", "install-nginx", "README.md",
           "tpukb", "lighthouse"}
NAMES = [command.name for command in COMMANDS]


def tpukb(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([TPUKB, *args], capture_output=True, text=True, timeout=60)


def test_the_top_help_lists_every_subcommand_with_examples():
    result = tpukb("--help")
    assert result.returncode == 0, result.stderr
    listed = re.findall(r"^    (\S+)", result.stdout, re.M)
    assert listed == NAMES, listed
    assert "examples:" in result.stdout


def test_the_issue_s_subcommands_are_all_there():
    assert {"check", "status", "due", "new", "renumber", "bench", "bench-hosting", "nginx-conf",
            "serve", "serve-nginx", "urls"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_subcommand_answers_help_with_examples(name):
    result = tpukb(name, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: tpukb {name} ")
    examples = result.stdout.split("examples:\n", 1)[1].splitlines()
    assert examples and all(line.startswith(f"  tpukb {name}") for line in examples), examples


@pytest.mark.parametrize("args", [["nope"], [], ["due", "--due", "soon"], ["renumber"],
                                  ["status", "--mark", "fi", "--record"],
                                  ["bench", "--articles", "many"]])
def test_a_usage_error_is_one_line_and_exit_2(args):
    result = tpukb(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "error:" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_python_m_tpukb_is_the_same_command():
    result = subprocess.run([str(Path(TPUKB).parent / "python"), "-m", "tpukb", "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout == tpukb("--help").stdout


def test_no_other_command_is_left_under_scripts():
    entries = {path.name for path in (ROOT / "scripts").iterdir()
               if not path.name.endswith(".egg-info")}
    assert entries <= SCRIPTS, sorted(entries - SCRIPTS)
    commands = {path.name for path in (ROOT / "scripts").iterdir()
                if path.is_file() and os.access(path, os.X_OK)}
    assert commands == {"serve", "test", "setup-env", "install-browser", "install-nginx"}
