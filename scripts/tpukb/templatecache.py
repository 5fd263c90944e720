"""The theme's templates compiled once per process, not once per language.

MkDocs makes a new Jinja environment for every build, and the i18n plugin
builds every language again: each language build compiled the same
templates (Material's and overrides/) from the same source. This cache,
given to each environment as its `bytecode_cache` (tpukb.plugin, on_env),
keeps the compiled code in memory for the life of the process, keyed by the
template's name and file, a checksum of its source (an edited template is
compiled again, as `mkdocs serve` needs) and the environment's extensions
(what else changes the compiled code). The pages are the same bytes.
"""

from __future__ import annotations

from jinja2.bccache import Bucket, BytecodeCache


class CompiledTemplates(BytecodeCache):
    def __init__(self) -> None:
        self.code: dict[tuple, object] = {}

    @staticmethod
    def _key(bucket: Bucket) -> tuple:
        environment = bucket.environment
        return (bucket.key, bucket.checksum, tuple(sorted(environment.extensions)),
                getattr(environment, "newstyle_gettext", None))

    def load_bytecode(self, bucket: Bucket) -> None:
        bucket.code = self.code.get(self._key(bucket))

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[self._key(bucket)] = bucket.code
