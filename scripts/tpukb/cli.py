"""The command `tpukb`: every project command as a subcommand.

Declared in pyproject.toml (`[project.scripts]`), installed into .venv by
scripts/setup-env: `.venv/bin/tpukb SUBCOMMAND ...` (or `python -m tpukb`).
Each subcommand's module declares its arguments (`add_arguments`) and does
the work (`run`, returning the exit status); this module only lists them,
with their help and examples. A usage error is one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass


class Parser(argparse.ArgumentParser):
    """argparse, with a usage error on one line (exit 2)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


@dataclass(frozen=True)
class Command:
    name: str
    module: str          # the module that declares the arguments and runs it
    summary: str         # one line, for `tpukb --help`
    examples: tuple[str, ...]
    add: str = "add_arguments"
    run: str = "run"


COMMANDS = (
    Command("check", "tpukb.citecheck.cli",
            "check citations and links: one `file:line: RULE what; fix` line per finding, exit 1 on any",
            ("tpukb check", "tpukb check --site site", "tpukb check --online")),
    Command("status", "tpukb.translations.cli",
            "translations: current, stale, unrecorded, fallback or missing; mark, record, declare",
            ("tpukb status", "tpukb status --strict --json",
             "tpukb status --mark fi articles/tpu-generations.md", "tpukb status --mark all",
             "tpukb status --record", "tpukb status --declare-missing ar articles/new-one.md")),
    Command("due", "tpukb.due",
            "the due list: facts checked, oldest reference check, dated statements, oldest first",
            ("tpukb due", "tpukb due --due 30", "tpukb due --json --today 2026-12-01")),
    Command("new", "tpukb.newarticle",
            "start an article as a draft: English page, citation file, nav line, declarations",
            ('tpukb new tpu-quotas --title "TPU quotas" --category "Cost, access and limits"',)),
    Command("renumber", "tpukb.renumber",
            "put an article's references in first-citation order, in every language",
            ("tpukb renumber tpu-generations",)),
    Command("bench", "tpukb.bench",
            "growth benchmark: this project against plain Material + i18n at N articles",
            ("tpukb bench", "tpukb bench --articles 30 --runs 3 --no-search",
             "tpukb bench --project ../older-checkout")),
    Command("bench-hosting", "tpukb.hosting.bench",
            "hosting benchmark: the preview server and nginx side by side (wrk, Lighthouse)",
            ("tpukb bench-hosting", "tpukb bench-hosting --seconds 5 --skip-lighthouse")),
    Command("nginx-conf", "tpukb.hosting.cli",
            "print the nginx configuration of a built site and write its .gz/.br copies",
            ("tpukb nginx-conf site",
             "tpukb nginx-conf site --listen 80 --server-name kb.example.org "
             "--runtime /var/lib/tpu-kb-nginx -o nginx.conf"),
            add="add_nginx_conf_arguments", run="nginx_conf"),
    Command("preview", "tpukb.preview.server",
            "the writer's preview: every language built once, a saved page served again alone, live reload",
            ("tpukb preview", "tpukb preview --port 8001")),
    Command("serve", "tpukb.serve",
            "serve a built site on 127.0.0.1 with a 404 page per language (quick preview)",
            ("tpukb serve site", "tpukb serve --port 8001 site")),
    Command("serve-nginx", "tpukb.hosting.cli",
            "serve a built site with nginx and the production configuration until Ctrl+C",
            ("tpukb serve-nginx site", "tpukb serve-nginx --port 8001 site"),
            add="add_serve_arguments", run="serve"),
    Command("watch", "tpukb.watch.cli",
            "the sources watch: what changed, moved or is gone among the cited sources since recorded",
            ("tpukb watch", "tpukb watch --record tpu-generations", "tpukb watch --json",
             "tpukb watch --rewrite https://docs.cloud.google.com/=http://mirror.example/gcloud/")),
    Command("urls", "tpukb.urlcheck",
            "visit every cited URL once (needs the network): exit 1 broken, 2 only unknown",
            ("tpukb urls", "tpukb urls --max-age 0 --timeout 20")),
)


def _examples(lines) -> str:
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def _description(module) -> str:
    """The first paragraph of a module's docstring."""
    return " ".join((module.__doc__ or "").strip().split("\n\n")[0].split())


def parser(argv: list[str] | None = None) -> Parser:
    """The command line; with `argv`, only the subcommands it names get their
    module imported and their arguments (the others only their name and
    summary, all that `tpukb --help` and a usage error show): importing every
    module took a quarter of a second of each `tpukb check`, which every
    build runs."""
    named = None if argv is None else set(argv)
    top = Parser(
        prog="tpukb", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The TPU knowledge base's commands (run from anywhere; they act on this "
                    "project). The site itself: scripts/serve builds and serves it, "
                    "scripts/test runs the tests.",
        epilog=_examples(["tpukb check", "tpukb status --strict", "tpukb due --due 30",
                          "tpukb new SLUG --title TITLE --category CATEGORY",
                          "tpukb SUBCOMMAND --help"]))
    subcommands = top.add_subparsers(dest="command", metavar="SUBCOMMAND", required=True)
    for command in COMMANDS:
        if named is not None and command.name not in named:
            subcommands.add_parser(command.name, help=command.summary)
            continue
        module = importlib.import_module(command.module)
        sub = subcommands.add_parser(
            command.name, help=command.summary, description=_description(module)
            if command.add == "add_arguments" else command.summary,
            epilog=_examples(command.examples), formatter_class=argparse.RawDescriptionHelpFormatter)
        getattr(module, command.add)(sub)
        sub.set_defaults(run=getattr(module, command.run))
    return top


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parser(argv).parse_args(argv)
    return args.run(args) or 0
