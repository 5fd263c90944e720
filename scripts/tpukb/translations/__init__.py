"""Translations over time: which translations say what the English says now.

Modules: `normalise` (the English text without its formatting, and its
hash), `store` (what the repository records: `source_hash` in each
translation's front matter, `scripts/tpukb/i18n/translations/missing.yml` for the translations
declared not written yet, `scripts/tpukb/i18n/translations/sources/` for the English versions
translations were made from), `status` (current / stale / unrecorded /
fallback / missing per page and language; mark, record, declare), `cli`
(tpukb status). The plugin (tpukb.plugin) writes the
reader's notice on a stale page; rule R7 of tpukb.citecheck reads the
declarations.
"""

from .normalise import blocks, source_hash
from .store import Declarations, StoreError, read_declarations

__all__ = ["Declarations", "StoreError", "blocks", "read_declarations", "source_hash"]
