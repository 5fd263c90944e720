"""tpukb.gcpause: a build pauses Python's full collections and gives them back."""

import gc

import pytest

from tpukb.gcpause import NEVER, FullCollections


@pytest.fixture
def thresholds():
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*saved)


def test_pause_leaves_the_younger_generations_and_resume_restores(thresholds):
    collections = FullCollections()
    collections.pause()
    assert gc.get_threshold() == (700, 10, NEVER)
    collections.pause()  # a nested language build: still Python's thresholds saved
    collections.resume()
    assert gc.get_threshold() == (700, 10, 10)
    collections.resume()  # nothing paused: nothing changes
    assert gc.get_threshold() == (700, 10, 10)


def test_the_plugin_resumes_them_when_its_last_step_fails(thresholds):
    """The end of a build resumes Python's thresholds even when that end fails."""
    from types import SimpleNamespace

    from tpukb.plugin import TpukbPlugin

    plugin = TpukbPlugin()
    plugin.full_collections.pause()
    config = SimpleNamespace(plugins={"i18n": SimpleNamespace(building=False)})

    def fail(config):
        raise RuntimeError("merge failed")
    plugin._finish = fail
    with pytest.raises(RuntimeError):
        plugin._once(config)
    assert gc.get_threshold() == (700, 10, 10)
