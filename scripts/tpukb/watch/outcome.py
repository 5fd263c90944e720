"""What the watch says about one reference: its state and why.

STATES is the one list of states, most serious first; CHANGE_STATES are
those that mean the source moved on since it was recorded (exit status 1,
and "source changed since checked" in tpukb due).
"""

from __future__ import annotations

from dataclasses import dataclass, field

STATES = ("gone", "moved", "changed", "unreachable", "unrecorded", "unchanged")
CHANGE_STATES = ("gone", "moved", "changed")


@dataclass
class Outcome:
    state: str
    summary: str = ""  # one line: what changed, or why it could not be compared
    added: list[str] = field(default_factory=list)  # added paragraphs, shortened
    added_count: int = 0
    removed_count: int = 0

    def __post_init__(self):
        assert self.state in STATES, self.state


def worst(outcomes: list[Outcome]) -> Outcome:
    """The most serious of several outcomes, with every summary kept."""
    ordered = sorted(outcomes, key=lambda o: STATES.index(o.state))  # stable: min's first
    summaries = [o.summary for o in ordered if o.summary]
    return Outcome(ordered[0].state, "; ".join(summaries), sum((o.added for o in outcomes), []),
                   sum(o.added_count for o in outcomes), sum(o.removed_count for o in outcomes))
