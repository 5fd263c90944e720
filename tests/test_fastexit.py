"""tpukb.fastexit: a finished build exits as a normal exit would, minus the teardown;
anything else exits as usual."""

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
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)


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


def test_the_plugin_exits_early_only_after_a_finished_build(monkeypatch):
    from tpukb.plugin import TpukbPlugin

    calls = []
    monkeypatch.setattr(fastexit, "exit_now", lambda: calls.append("exit"))
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
