"""The library's shape: no import circles, imports only point down the layers, and only the ui
package talks to Streamlit. Checked on the real import graph (grimp reads every import
statement, the ones inside functions too)."""

import grimp
import pytest

GRAPH = grimp.build_graph("playground", include_external_packages=True)
MODULES = sorted(m for m in GRAPH.modules if m.startswith("playground"))

# top to bottom; a module may import its own layer or any layer below it, never one above
LAYERS = {
    "ui": ("playground.ui",),
    "shipped": ("playground.registry", "playground.train"),  # read every subject's shipped-model interface
    "state": ("playground.state",  # each page's declared settings (ranges from the subjects)
              "playground.lecture_map"),  # the lecture texts' parts and the links (page settings) that show them
    "drawing": ("playground.figures", "playground.svg", "playground.frames"),
    "subjects": ("playground.home", "playground.two_ones", "playground.cell_lab", "playground.gradients",
                 "playground.sentiment", "playground.charlm", "playground.beyond", "playground.seq2seq"),
    "core": ("playground.device", "playground.errors", "playground.formatting", "playground.cells",
             "playground.training", "playground.checkpoints", "playground.jobs", "playground.datasets",
             "playground.diagnostics", "playground.catalog", "playground.i18n", "playground.optimisers",
             "playground.runtime", "playground.coverage", "playground.fairness", "playground.seeding",
             "playground.decoding_settings", "playground.identity"),
}
RANK = {prefix: rank for rank, prefixes in enumerate(LAYERS.values()) for prefix in prefixes}


def layer_of(module: str) -> int:
    if module == "playground":
        return len(LAYERS) - 1  # the package itself re-exports core names only
    owners = [p for p in RANK if module == p or module.startswith(p + ".")]
    assert owners, f"{module} is in no layer: add it to LAYERS"
    return RANK[max(owners, key=len)]


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


def test_no_import_circles():
    circles = []
    for module in MODULES:
        for imported in GRAPH.find_modules_directly_imported_by(module):
            if imported.startswith("playground") and GRAPH.find_shortest_chain(importer=imported, imported=module):
                circles.append((module, imported))
    assert not circles, circles


@pytest.mark.parametrize("module", MODULES)
def test_imports_point_down(module):
    upward = [m for m in GRAPH.find_modules_directly_imported_by(module)
              if m.startswith("playground") and layer_of(m) < layer_of(module)]
    assert not upward, f"{module} imports a higher layer: {upward}"


def test_only_the_ui_package_imports_streamlit():
    importers = {m for m in GRAPH.find_modules_that_directly_import("streamlit") if m.startswith("playground")}
    assert importers and all(m.startswith("playground.ui") for m in importers), importers
