"""The TPU knowledge base's own Python code, installed (editable) into .venv.

The MkDocs plugin (`plugin`: the whole build, in order), the command `tpukb`
(`cli`) and the tests import it by name. Modules:

- `languages`: the languages of mkdocs.yml, the default language, a
  language's URL prefix, the interface strings (`i18n/strings.yml`).
- `citecheck`: the citation and link rules, listed in its docstring, one
  module per group of rules; `citecheck.cli` is `tpukb check`.
- `urlcheck`: the opt-in online check of cited URLs.
- `serve`: the quick local static server with a 404 page per language.
"""
