"""YAML as the project reads it: PyYAML's safe loader, in its C version
(libyaml) when PyYAML has it. Front matter is parsed for every page of every
build; the C loader is several times faster and reads the same documents."""

from __future__ import annotations

import yaml

SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
YAMLError = yaml.YAMLError


def safe_load(text: str):
    return yaml.load(text, Loader=SafeLoader)
