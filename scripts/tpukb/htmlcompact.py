"""Built pages without the templates' indentation.

Material's templates indent every line of the navigation, and the
navigation is most of an article page's markup: as the knowledge base grows,
the indentation grows with it. `compact` replaces each whitespace run that
holds a line break between two tags by one line break, outside `<pre>`,
`<textarea>` and `<script>` blocks. A line break between tags renders as the
same single space the indentation did, so the page looks exactly the same.
"""

from __future__ import annotations

import re

KEEP = re.compile(r"(<(pre|textarea|script)\b.*?</\2>)", re.S | re.I)
# between two tags; a kept block counts as a tag at either end of a part
# (two patterns with fixed replacements: one alternation with a group
# reference in the replacement took four times as long)
BETWEEN_TAGS = re.compile(r">[ \t\r\n]*\n[ \t\r\n]*(?=<|\Z)")
AT_START = re.compile(r"\A[ \t\r\n]*\n[ \t\r\n]*(?=<|\Z)")


def compact(html: str) -> str:
    parts = KEEP.split(html)
    # KEEP has two groups: parts = [text, block, tag name, text, block, tag name, ...]
    out = []
    for i, part in enumerate(parts):
        kind = i % 3
        if kind == 0:
            out.append(AT_START.sub("\n", BETWEEN_TAGS.sub(">\n", part), count=1))
        elif kind == 1:
            out.append(part)
    return "".join(out)
