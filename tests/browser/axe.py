"""axe-core in a page: its serious and critical findings (WCAG 2.0/2.1 A and AA rules). axe-core comes
from npm, pinned in package.json / package-lock.json; ``.ci/run`` installs it (``npm ci``) into
node_modules/. Without it a test fails and says how to get it: never a skip."""

from bench.harness import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = {"serious", "critical"}

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                               why: n.any.concat(n.all, n.none).map(c => c.message).join('; ').slice(0, 240)})),
  }));
}"""
MISSING = f"{AXE.relative_to(ROOT)} is missing: run `npm ci` in the repository root (.ci/run does)"


def serious(page, where):
    """axe's serious and critical findings on the page as it is now, one readable line per element."""
    assert AXE.is_file(), MISSING  # never a skip: without axe-core the test fails and says how to get it
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = []
    for violation in page.evaluate(RUN_AXE, TAGS):
        if violation["impact"] in BLOCKING:
            found += [f"{where}: {violation['id']} ({violation['impact']}: {violation['help']}) at {n['target']}"
                      f"\n    {n['html']}\n    {n['why']}" for n in violation["nodes"]]
    return found
