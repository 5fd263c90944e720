"""Repair what Material's templates write against the HTML standard
(tpukb.validhtml), on every page and on the 404 pages."""

from __future__ import annotations

from mkdocs.plugins import event_priority

from tpukb.validhtml import repair


@event_priority(-150)  # after the hooks that add to the page, before compact_html (-200)
def on_post_page(output, page, config):
    return repair(output)


@event_priority(-150)
def on_post_template(output_content, template_name, config):
    return repair(output_content) if template_name.endswith(".html") else None
