"""The sources watch: whether the pages, packages and repositories the
articles cite have changed since a writer last recorded them.

One module per job:

- `references`: the references of the citation files and what each points at
  (a web page, a release on PyPI, a GitHub repository or release)
- `net`: the polite HTTP client (bounded concurrency, one request per second
  per host, timeouts, retries with back-off, redirects, `--rewrite`)
- `text`: a page's main text as normalised paragraphs and their hashes
  (trafilatura), and the boilerplate lines that never count as a change
- `pages`, `pypi`, `github`: observing one kind of source and comparing two
  observations
- `record`: the committed records, `docs/citations/sources/<slug>.json`
- `report`: the results, as text, JSON and the report file `tpukb due`
  reads
- `run`: observing every reference once per URL; `cli`: the command line
  (`tpukb watch`)
"""
