"""The build is one MkDocs plugin, `tpukb` (tpukb.plugin): registered as an
entry point, listed in mkdocs.yml instead of hooks, its options validated by
MkDocs' config classes, and priorities only where the i18n plugin needs them."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest
from mkdocs.plugins import CombinedEvent

from conftest import ROOT
from tpukb import languages, parallel, search
from tpukb.plugin import AFTER_I18N, LAST, TpukbPlugin


def test_the_plugin_is_an_entry_point_listed_after_tags_and_i18n_and_no_hook_is_left():
    assert entry_points(group="mkdocs.plugins")["tpukb"].load() is TpukbPlugin
    config = languages.read_mkdocs_config(ROOT / "mkdocs.yml")
    assert "hooks" not in config
    names = [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]]
    assert names.index("tpukb") > max(names.index("tags"), names.index("i18n")), names
    assert not (ROOT / "overrides" / "hooks").exists()


def _errors(options: dict) -> list[str]:
    errors, _ = TpukbPlugin().load_config(options)
    return [f"{name}: {error}" for name, error in errors]


def test_the_defaults_are_valid_and_search_leaves_out_what_tpukb_search_says():
    plugin = TpukbPlugin()
    errors, warnings = plugin.load_config({})
    assert not errors and not warnings
    assert plugin.config.jobs is None and plugin.config.check_citations is True
    assert tuple(plugin.config.search_exclude) == search.EXCLUDE_SELECTORS


@pytest.mark.parametrize("options, named", [
    ({"jobs": 0}, "jobs: expected a whole number of processes"),
    ({"jobs": "two"}, "jobs: expected a whole number of processes"),
    ({"jobs": True}, "jobs: expected a whole number of processes"),
    ({"check_citations": "yes"}, "check_citations:"),
    ({"search_exclude": ".footnote"}, "search_exclude:"),
    ({"search_exclude": [".a, .b"]}, "search_exclude: expected one CSS selector"),
])
def test_a_wrong_option_is_named(options, named):
    errors = _errors(options)
    assert any(error.startswith(named) for error in errors), errors


def test_the_environment_overrides_the_jobs_option(monkeypatch):
    monkeypatch.delenv(parallel.JOBS_ENV, raising=False)
    assert parallel.jobs(1) == 1 and parallel.jobs(3) == 3
    monkeypatch.setenv(parallel.JOBS_ENV, "1")
    assert parallel.jobs(2) == 1


def test_only_the_events_that_need_it_have_a_priority():
    """on_nav and the second step of on_post_build run after the i18n
    plugin (its navigation, its loop of languages), on_shutdown after every
    plugin (it may end the process); nothing else has a priority: the list in
    each event method is the order."""
    prioritised = {}
    for name in dir(TpukbPlugin):
        if not name.startswith("on_"):
            continue
        event = TpukbPlugin.__dict__.get(name)
        methods = event.methods if isinstance(event, CombinedEvent) else (event,)
        for method in methods:
            priority = getattr(method, "mkdocs_priority", 0)
            if priority:
                prioritised[f"{name}.{method.__name__}"] = priority
    assert prioritised == {"on_nav.on_nav": AFTER_I18N, "on_post_build._once": AFTER_I18N,
                           "on_shutdown.on_shutdown": LAST}
