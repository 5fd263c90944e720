"""Write every built page without the templates' indentation (tpukb.htmlcompact)."""

from __future__ import annotations

from mkdocs.plugins import event_priority

from tpukb.htmlcompact import compact


@event_priority(-200)  # last: after every hook that edits the page
def on_post_page(output, page, config):
    return compact(output)


@event_priority(-200)
def on_post_template(output_content, template_name, config):
    return compact(output_content) if template_name.endswith(".html") else None
