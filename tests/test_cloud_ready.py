"""Community Cloud readiness that can be checked without deploying: pinned runtime requirements
that cover every third-party import of the app and nothing of the test tools, a config without
development-only options, and a deploy page (docs/deploying.md) that matches both. (Installing into clean
venvs and measuring idle memory take minutes: `python -m bench --cloud`.)"""

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_FILES = [ROOT / "streamlit_app.py", *sorted((ROOT / "pages").glob("*.py")), *sorted((ROOT / "playground").rglob("*.py"))]
# import name -> distribution name, for the app's third-party imports
DISTRIBUTIONS = {"streamlit": "streamlit", "plotly": "plotly", "torch": "torch", "numpy": "numpy", "pandas": "pandas",
                 "safetensors": "safetensors", "regex": "regex", "opencc": "opencc-python-reimplemented",
                 "threadpoolctl": "threadpoolctl", "pyarrow": "pyarrow", "redis": "redis", "segno": "segno",
                 "latex2mathml": "latex2mathml"}
# imported lazily by code that only training or held-out evaluation runs (never a page)
TRAINING_ONLY = {"sacrebleu"}
TEST_TOOLS = {"pytest", "playwright", "ruff", "hypothesis", "sacrebleu", "uv"}


def _requirements(name: str) -> dict[str, str]:
    """Package -> pinned version; a pin may carry an environment marker (torch's CPU build on Linux),
    and the one option allowed is torch's own page (tests/test_install_resolves.py checks it)."""
    pins = {}
    for line in (ROOT / name).read_text().splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("--find-links https://download.pytorch.org/whl/cpu/torch/"):
            continue
        if line:
            pin = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([0-9][A-Za-z0-9_.+\-]*)(\s*;\s*\S.*)?", line)
            assert pin, f"{name}: not pinned: {line}"
            pins[pin.group(1).lower()] = pin.group(2)
    return pins


def _third_party_imports() -> set[str]:
    stdlib = set(sys.stdlib_module_names)
    found = set()
    for path in APP_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            found |= {n.split(".")[0] for n in names if n.split(".")[0] not in stdlib | {"playground", "pages"}}
    return found


def test_runtime_requirements_are_pinned_and_cover_every_app_import():
    runtime = _requirements("requirements.txt")
    imports = _third_party_imports()
    assert imports - TRAINING_ONLY <= set(DISTRIBUTIONS), f"unmapped imports: {imports - set(DISTRIBUTIONS)}"
    for module in imports - TRAINING_ONLY:
        assert DISTRIBUTIONS[module] in runtime, f"{module} is imported by the app but not in requirements.txt"
    assert not TEST_TOOLS & set(runtime), "test tools do not belong in the app's requirements"
    tests = _requirements("requirements-test.txt")
    assert set(tests) >= TRAINING_ONLY and not set(tests) & set(runtime)


def test_streamlit_config_has_no_development_options():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert set(config) <= {"server", "browser", "client", "theme", "runner", "logger"}
    server = config.get("server", {})
    assert server.get("runOnSave", False) is False
    assert "fileWatcherType" not in server and "port" not in server and "address" not in server
    assert config.get("global", {}).get("developmentMode") is None
    assert config.get("browser", {}).get("gatherUsageStats") is False
    assert config.get("client", {}).get("toolbarMode") in (None, "minimal", "viewer", "auto")


def test_a_public_server_shows_no_tracebacks_and_takes_small_uploads():
    """A class link is a public server: errors show their type only (no message, no stack trace,
    no server paths), and uploads over 1 MB are refused by Streamlit before they reach a page."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["showErrorDetails"] in ("type", "none")
    assert config["server"]["maxUploadSize"] <= 1


def test_every_cached_result_together_fits_a_budget():
    """Issue 51: the result caches of all pages share one byte budget (an option this Streamlit knows)."""
    from streamlit import config as streamlit_config
    from streamlit.byte_util import config_max_cache_data_size_to_bytes

    budget = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["server"]["maxCacheDataSize"]
    assert "server.maxCacheDataSize" in streamlit_config._config_options_template
    assert 8 * 2**20 <= config_max_cache_data_size_to_bytes(budget) <= 32 * 2**20


def test_the_deploy_page_matches_the_repository():
    deploying = (ROOT / "docs" / "deploying.md").read_text(encoding="utf-8")
    section = deploying.split("## Deploy on Streamlit Community Cloud", 1)[1].split("\n## ", 1)[0]
    assert "streamlit_app.py" in section and "requirements.txt" in section
    version = re.search(r"Python version: \*\*(3\.\d+)\*\*", section).group(1)
    assert version == f"{sys.version_info.major}.{sys.version_info.minor}", "docs/deploying.md names the Python CI uses"
    for package in _requirements("requirements.txt"):
        assert package.split("-")[0].lower() in section.lower(), f"the deploy section does not mention {package}"
    assert (ROOT / ".streamlit" / "config.toml").exists() and ".streamlit/config.toml" in section


def test_the_dockerfile_runs_the_app_as_a_non_root_user_with_a_health_check():
    root = Path(__file__).resolve().parent.parent
    docker = (root / "Dockerfile").read_text()
    lines = [line.strip() for line in docker.splitlines()]
    assert "USER playground" in lines and lines.index("USER playground") > max(
        i for i, line in enumerate(lines) if line.startswith("RUN "))  # nothing runs as root after it
    assert "/_stcore/health" in docker and "HEALTHCHECK" in docker
    # CPU-only torch: no CUDA libraries on a CPU box; requirements.txt pins the +cpu build on Linux
    assert re.search(r"^RUN pip install -r requirements\.txt$", docker, re.M)
    requirements = (root / "requirements.txt").read_text()
    assert re.search(r'^torch==[0-9.]+\+cpu ; sys_platform == "linux"$', requirements, re.M)
    assert "download.pytorch.org/whl/cpu" in docker  # says where torch comes from
    assert 'CMD ["python", "-m", "streamlit", "run", "streamlit_app.py"' in docker
    ignored = {line.strip() for line in (root / ".dockerignore").read_text().splitlines() if line.strip()}
    for needed in ("streamlit_app.py", "pages", "playground", "pretrained", ".streamlit", "requirements.txt"):
        assert needed not in ignored, f"{needed} must reach the image"
