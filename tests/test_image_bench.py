"""The image part of the bench (bench/image.py) builds the project's own Dockerfile, unchanged: only
the base is replaced and pip is pointed at this machine's sources by read-only build volumes. Its
commands are checked here; the build itself takes minutes and root's podman (python -m bench --only image)."""

from pathlib import Path

from bench import image
from bench.harness import ROOT


def test_the_build_replaces_only_the_base_and_keeps_the_health_check(tmp_path):
    command = image.build_command(image.pip_mounts(tmp_path))
    assert command[:2] == ["podman", "--cgroup-manager=cgroupfs"] and command[2] == "build"
    assert command[command.index("--from") + 1] == image.BASE
    assert command[command.index("--format") + 1] == "docker"  # OCI images drop HEALTHCHECK
    assert "--no-cache" in command  # the build time is a whole build's
    assert command[-3:] == ["-t", image.IMAGE, "."]  # the repository's Dockerfile, no -f of another
    assert "-f" not in command and "--file" not in command and "--build-arg" not in command


def test_the_build_volumes_only_give_pip_this_machines_sources(tmp_path):
    mounts = image.pip_mounts(tmp_path)
    volumes = [mounts[i + 1] for i, flag in enumerate(mounts) if flag == "-v"]
    assert volumes and all(v.endswith(":ro") for v in volumes)  # read-only: the build can change none
    assert volumes[-1] == f"{tmp_path / 'pip.conf'}:/etc/pip.conf:ro"
    conf = (tmp_path / "pip.conf").read_text()
    assert conf.startswith("[global]\n") and "retries = 1" in conf
    assert ("find-links = /opt/wheels" in conf) == image.HOST_WHEELS.is_dir()


def test_the_container_runs_as_the_deploy_page_runs_it():
    command = image.run_command(8600)
    assert command[2:5] == ["run", "-d", "--name"]
    assert command[command.index("-p") + 1] == "8600:8501" and command[-1] == image.IMAGE
    deploying = (ROOT / "docs" / "deploying.md").read_text(encoding="utf-8")
    assert "docker run -d --name rnn-1 -p 8501:8501 rnn-playground" in deploying
    assert "python -m bench --only image" in deploying


def test_the_base_is_debians_minimal_system_with_its_python():
    command = image.debootstrap_command(Path("/tmp/rootfs"))
    assert command[:2] == ["debootstrap", "--variant=minbase"] and image.SUITE in command
    included = command[2].removeprefix("--include=").split(",")
    assert {"python3", "python3-pip", "python-is-python3"} <= set(included)


def test_a_refused_step_says_what_refused_it():
    try:
        image._run("a step", ["false"])
    except image.Refused as refused:
        assert refused.step == "a step" and refused.command == ["false"]
        assert "`false` refused" in str(refused)
    else:
        raise AssertionError("a failing command was not reported")


def test_the_smoke_size_builds_nothing_but_names_its_commands():
    result = image.run(build=False)
    assert set(result["commands"]) == {"base", "build", "run"} and "build_s" not in result
    assert "not built" in image.summary(result)
