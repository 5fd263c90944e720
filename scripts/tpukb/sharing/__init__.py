"""Pages that travel well: what a page says about itself to other programs.

From the data the project already keeps (front matter, the citation files,
the translation records of tpukb.translations.store), for every page of
every language:

- `records`: what happened to an article and when (published, English
  version updated, translation brought up to date, facts re-checked), read
  once per build from the project's own records, never from git;
- `previews`: the Open Graph and Twitter card tags of the page's head;
- `jsonld`: an article's schema.org `TechArticle` data, with its references
  as `citation` entries;
- `cite`: the "Cite this article" block (plain text and BibTeX) at the end
  of an article;
- `feeds`: the Atom feed of each language.

`page` gathers what each of them needs about one built page (`PageFacts`);
The plugin (tpukb.plugin) calls it from the build.
"""
