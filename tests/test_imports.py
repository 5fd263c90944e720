"""No circles: no two modules of the package `tpukb` import each other,
directly or through others (the import graph, read from each module's
`ast`, imports inside functions included)."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "scripts" / "tpukb"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The package's modules `path` imports (`from . import store` imports
    the module store, not its package)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            names = {f"{source}.{alias.name}" for alias in node.names}
            found |= names & modules
            if names - modules:  # names defined in `source` itself
                found.add(source)
    return {module for module in found if module in modules and module != name}


def graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    return {module_name(path): imports(path, modules) for path in paths}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every module that can reach itself, with one path back to it."""
    found = []
    for start in sorted(edges):
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for target in sorted(edges.get(node, ())):
                if target == start:
                    found.append(path + [start])
                    stack = []
                    break
                if target not in seen:
                    seen.add(target)
                    stack.append((target, path + [target]))
    return found


def test_the_graph_is_read():
    edges = graph()
    assert "tpukb.plugin" in edges and "tpukb.parallel" in edges["tpukb.plugin"]
    assert "tpukb.citecheck.text" in edges["tpukb.citecheck.encoding"]
    assert "tpukb.hosting.loads" in edges["tpukb.hosting.csp"]


def test_no_two_modules_import_each_other():
    edges = graph()
    mutual = sorted({tuple(sorted((a, b))) for a, targets in edges.items() for b in targets
                     if a in edges.get(b, ())})
    assert not mutual, mutual


def test_no_module_imports_itself_through_others():
    assert not cycles(graph())
