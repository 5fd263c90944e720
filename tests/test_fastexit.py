"""tpukb.fastexit: a finished build exits as a normal exit would, minus the teardown;
anything else exits as usual."""

import os
import subprocess
import sys
import textwrap
from types import SimpleNamespace

import pytest

from tpukb import fastexit


def run(code: str, tmp_path) -> subprocess.CompletedProcess:
    script = textwrap.dedent(f"""
        import atexit, sys, threading, time
        from pathlib import Path
        from tpukb import fastexit
        done = Path({str(tmp_path / "handler-ran")!r})
        atexit.register(done.write_text, "yes")
        sys.stdout.write("buffered, no newline")
        """) + textwrap.dedent(code)
    # buffered output, as on a terminal or pipe without PYTHONUNBUFFERED: the flush is tested
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, env=env)


def test_exit_now_runs_the_exit_handlers_flushes_and_exits_0(tmp_path):
    result = run("""
        fastexit.exit_now()
        print("not reached")
        sys.exit(3)
        """, tmp_path)
    assert result.returncode == 0
    assert result.stdout == "buffered, no newline"
    assert (tmp_path / "handler-ran").read_text() == "yes"


@pytest.mark.parametrize("case", [
    # an exception on its way out (Ctrl+C during the build's last log line)
    """
    try:
        raise KeyboardInterrupt
    finally:
        fastexit.exit_now()
    """,
    # another thread still running: a normal exit waits for it
    """
    threading.Thread(target=time.sleep, args=(0.5,)).start()
    fastexit.exit_now()
    print(" then normal exit")
    sys.exit(3)
    """,
])
def test_exit_now_leaves_a_normal_exit_otherwise(case, tmp_path):
    result = run(case, tmp_path)
    assert result.returncode != 0  # KeyboardInterrupt's, or the script's own 3
    assert (tmp_path / "handler-ran").read_text() == "yes"


def test_a_closed_output_is_skipped_and_a_gone_reader_left_to_the_normal_exit(tmp_path):
    closed = run("""
        sys.stdout = None  # as when started with its output closed (>&-)
        fastexit.exit_now()
        sys.exit(3)
        """, tmp_path)
    assert closed.returncode == 0 and (tmp_path / "handler-ran").read_text() == "yes"
    gone = run("""
        import os
        read, write = os.pipe()
        os.close(read)
        sys.stdout = os.fdopen(write, "w")
        sys.stdout.write("lost")
        fastexit.exit_now()
        sys.exit(3)
        """, tmp_path)
    assert gone.returncode not in (0, None)  # the normal exit took over (it reports the pipe)


def test_started_as_the_command_only(monkeypatch):
    main = sys.modules["__main__"]
    monkeypatch.setattr(main, "__spec__", None, raising=False)
    monkeypatch.setattr(sys, "argv", ["/venv/bin/mkdocs", "build"])
    assert fastexit.started_as(("mkdocs", "properdocs"))
    monkeypatch.setattr(sys, "argv", ["/venv/bin/pytest"])
    assert not fastexit.started_as(("mkdocs", "properdocs"))
    monkeypatch.setattr(main, "__spec__", SimpleNamespace(name="properdocs.__main__"))
    assert fastexit.started_as(("mkdocs", "properdocs"))
    monkeypatch.setattr(main, "__spec__", SimpleNamespace(name="pytest.__main__"))
    assert not fastexit.started_as(("mkdocs", "properdocs"))


def test_the_plugin_exits_early_only_after_a_finished_build(monkeypatch):
    from tpukb.plugin import TpukbPlugin

    calls = []
    monkeypatch.setattr(fastexit, "exit_now", lambda: calls.append("exit"))
    monkeypatch.setattr(fastexit, "started_as", lambda commands: "mkdocs" in commands)
    plugin = TpukbPlugin()
    config = SimpleNamespace(plugins={"i18n": SimpleNamespace(building=False)})
    plugin._finish = lambda config: None

    plugin.on_startup(command="serve", dirty=False)
    plugin._once(config)
    plugin.on_shutdown()
    assert calls == []  # mkdocs serve (and the preview): never

    plugin.on_startup(command="build", dirty=False)
    plugin._once(config)
    plugin.on_build_error(error=RuntimeError("Aborted with 1 warnings in strict mode!"))
    plugin.on_shutdown()
    assert calls == []  # MkDocs' strict check failed it after on_post_build

    def fail(config):
        raise RuntimeError("merge failed")
    plugin._finish = fail
    with pytest.raises(RuntimeError):
        plugin._once(config)
    plugin.on_shutdown()
    assert calls == []  # its last step failed

    plugin._finish = lambda config: None
    plugin._once(config)
    plugin.on_shutdown()
    assert calls == ["exit"]

    monkeypatch.setattr(fastexit, "started_as", lambda commands: False)
    plugin._once(config)
    plugin.on_shutdown()
    assert calls == ["exit"]  # a program running the command's code itself (CliRunner)
