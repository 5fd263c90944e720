"""Built pages that the W3C Nu HTML checker accepts.

Material 9.8's templates write three things the HTML standard does not
allow; each repair below is the smallest edit of the built page that removes
one, listed once with the template it comes from. `tests/test_valid_html.py`
runs the Nu checker (npm `vnu-jar`) over the whole built site, so a new
error from a theme upgrade is found there.

- `autocomplete="off"` on the checkbox toggles of base.html (drawer, search):
  the attribute is not allowed on checkboxes. Material sets it so that
  Firefox does not restore an open drawer when the reader comes back to a
  page; without it Firefox may do so, which is harmless.
- `tabindex=""` on the navigation's section labels (partials/nav-item.html
  sets it to "0" or to nothing): an empty tabindex is not an integer, and a
  label without tabindex is simply not focusable, as intended.
- `<label for="__toc">` of partials/toc.html on a page whose navigation has
  no `__toc` toggle (a section's index page): a label must name an existing
  form control; without `for` it is a plain caption.
"""

from __future__ import annotations

import re

CHECKBOX_AUTOCOMPLETE = re.compile(r'(<input class="md-toggle"[^>]*type="checkbox"[^>]*?) autocomplete="off"')
EMPTY_TABINDEX = ' tabindex=""'
TOC_LABEL = '<label class="md-nav__title" for="__toc">'
TOC_TOGGLE = 'id="__toc"'


def repair(html: str) -> str:
    html = CHECKBOX_AUTOCOMPLETE.sub(r"\1", html)
    html = html.replace(EMPTY_TABINDEX, "")
    if TOC_LABEL in html and TOC_TOGGLE not in html:
        html = html.replace(TOC_LABEL, '<label class="md-nav__title">')
    return html
