"""Search in the reader's language: one index per language, with its stemmer.

Material writes one search index for the whole site (the i18n plugin merges
every language into it, with the default language's pipeline) and every page
downloads it. This hook

- splits that index by language folder once the last language is built:
  `<lang>/search/search_index.json` (the default language keeps
  `search/search_index.json`), each with its own lunr language and the full
  pipeline (trimmer, stop words, stemmer), locations relative to the
  language root;
- points each page's `__config` at its language root (`base`: the bundle
  fetches `search/search_index.json` from it and resolves result links
  against it) and at `workers/search-i18n.js`, which loads Material's worker
  and stems the reader's query the way the index was stemmed.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tpukb.languages import url_prefix

PIPELINE = ["trimmer", "stopWordFilter", "stemmer"]
# lunr languages of each index, when not just the page's own: lunr's Arabic
# trimmer drops Latin words, and Arabic pages name JAX, TPU, TensorFlow.
LUNR_LANGUAGES = {"ar": ["ar", "en"]}
SHIM = "search-i18n.js"
CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


def _i18n(config):
    plugin = config.plugins.get("i18n")
    if plugin is None:
        raise PluginError("search_i18n: needs the i18n plugin (mkdocs.yml plugins)")
    return plugin


def _prefix(plugin, lang: str) -> str:
    return url_prefix(lang, plugin.default_language)


def _point_at_language(output: str, config, where: str) -> str:
    match = CONFIG.search(output)
    if match is None:
        raise PluginError(f"{where}: search_i18n: no Material __config script in the page")
    data = json.loads(match.group(2))
    plugin = _i18n(config)
    data["base"] = posixpath.join(data["base"], _prefix(plugin, plugin.current_language))
    worker = data["search"]
    data["search"] = f"{posixpath.join(posixpath.dirname(worker), SHIM)}?worker={posixpath.basename(worker)}"
    text = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    return output[: match.start(2)] + text + output[match.end(2):]


def on_post_page(output, page, config):
    return _point_at_language(output, config, page.file.abs_src_path)


def on_post_template(output_content, template_name, config):
    if template_name != "404.html":
        return None
    return _point_at_language(output_content, config, template_name)


@event_priority(-110)  # after the i18n plugin (-100) has merged every language
def on_post_build(config):
    plugin = _i18n(config)
    if plugin.building:  # a nested per-language build: the index is not final yet
        return
    site = Path(config.site_dir)
    merged_path = site / "search" / "search_index.json"
    if not merged_path.is_file():
        raise PluginError(f"{merged_path}: search_i18n: Material wrote no search index")
    merged = json.loads(merged_path.read_text(encoding="utf-8"))
    others = tuple(_prefix(plugin, lang) for lang in plugin.build_languages
                   if lang != plugin.default_language)
    for lang in plugin.build_languages:
        prefix = _prefix(plugin, lang)
        docs, seen = [], set()
        for doc in merged["docs"]:
            location = doc["location"]
            mine = location.startswith(prefix) if prefix else not location.startswith(others)
            if mine and location not in seen:
                seen.add(location)
                docs.append(dict(doc, location=location[len(prefix):]))
        index = {"config": dict(merged["config"], lang=LUNR_LANGUAGES.get(lang, [lang]),
                                   pipeline=PIPELINE), "docs": docs}
        path = site / prefix / "search" / "search_index.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                        encoding="utf-8")
