"""`pip install .` from a checkout into a virtual environment (docs/python.md): built by the
project's CMake through setuptools, without a download, it imports and prints the program's
version; and `cmake --install` of that build puts the package where each prefix's python3 finds
it. One build for every check.

Which build: with ROBOMETRICS_PIP_COLD_BUILD=1, the whole one a user's `pip install .` does
(configure and build the libraries in a temporary folder: 28 minutes on the shared 2-core
machine); otherwise (ctest's default, to keep CI's time) pip builds _robometrics in the test's
own build tree (ROBOMETRICS_BUILD_DIR, through setup.py's ROBOMETRICS_PIP_CMAKE_TREE), where it
is already built, and everything else is the same."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable


def project_version() -> str:
    return re.search(r"project\(robometrics VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


def checkout_files():
    """The files of the checkout as git sees them (tracked, and new ones not ignored): no build trees."""
    done = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=False,
    )
    if done.returncode != 0:
        pytest.skip("not a git checkout: cannot tell its files from build trees")
    return [name for name in done.stdout.decode().split("\0") if name and (ROOT / name).is_file()]


def run(*args, cwd, env=None):
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, args))}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def clean_env(**extra):
    """Without the build tree's PYTHONPATH that ctest sets: the installed package must be the one imported."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(extra)
    return env


IMPORT = (
    "import numpy as np, robometrics\n"
    "t = robometrics.Trajectory(np.arange(3.0), np.array([[0, 0, 0], [1, 0, 0], [2, 0, 0]], float),"
    " np.tile([1.0, 0, 0, 0], (3, 1)))\n"
    "r = robometrics.ape(t, robometrics.Trajectory(t.timestamps, t.positions + [0, 3, 4], t.orientations_quat_wxyz))\n"
    "print(robometrics.__version__, robometrics.__file__, r.stats['rmse'])\n"
)


@pytest.fixture(scope="module")
def pip_installed(tmp_path_factory):
    work = tmp_path_factory.mktemp("pip")
    source = work / "checkout"
    for name in checkout_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    venv = work / "venv"
    run(PYTHON, "-m", "venv", "--system-site-packages", venv, cwd=work)
    env = clean_env(CMAKE_BUILD_PARALLEL_LEVEL=os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2"))
    tree = os.environ.get("ROBOMETRICS_BUILD_DIR")
    if os.environ.get("ROBOMETRICS_PIP_COLD_BUILD") == "1" or not tree:
        build = work / "build"
        env["ROBOMETRICS_PIP_BUILD_DIR"] = str(build)
    else:
        build = pathlib.Path(tree)
        env["ROBOMETRICS_PIP_CMAKE_TREE"] = str(build)
    # --no-index: nothing may come from the network; Debian's setuptools builds it.
    run(venv / "bin" / "pip", "install", "--no-build-isolation", "--no-index", "-q", source, cwd=work, env=env)
    return work, venv, build


def test_pip_install_imports_and_prints_the_version(pip_installed):
    work, venv, _ = pip_installed
    version, where, rmse = run(venv / "bin" / "python", "-c", IMPORT, cwd=work, env=clean_env()).split()
    assert version == project_version()
    assert pathlib.Path(where).is_relative_to(venv)  # the installed one, not a build tree's
    # The estimate is the reference moved by (0, 3, 4): every error is 5 m.
    assert float(rmse) == 5.0


def installed_package(prefix: pathlib.Path):
    return sorted(str(p.relative_to(prefix)) for p in prefix.rglob("robometrics/__init__.py"))


def test_cmake_install_puts_the_package_where_the_prefixs_python_finds_it(pip_installed):
    work, _, build = pip_installed
    minor = f"python{sys.version_info.major}.{sys.version_info.minor}"
    if not (build / "cmake_install.cmake").exists():
        pytest.skip("the pip build tree is not a CMake tree")

    def install(prefix):
        return run("cmake", "--install", build, "--component", "python", "--prefix", prefix, cwd=work)

    # /usr (here a stand-in ending in usr, as CPack's staging of the .deb): Debian's folder.
    usr = work / "stage" / "usr"
    said = install(usr)
    assert installed_package(usr) == ["lib/python3/dist-packages/robometrics/__init__.py"]
    assert "Python package robometrics: lib/python3/dist-packages/robometrics" in said

    # Another prefix: lib/python3.X/dist-packages, the folder Debian's python3 searches under /usr/local.
    other = work / "opt"
    install(other)
    assert installed_package(other) == [f"lib/{minor}/dist-packages/robometrics/__init__.py"]
    env = clean_env(PYTHONPATH=str(other / "lib" / minor / "dist-packages"))
    assert run(PYTHON, "-c", IMPORT, cwd=work, env=env).split()[0] == project_version()

    # A virtual environment: its own site-packages, imported by its python3 with nothing set.
    venv = work / "venv2"
    run(PYTHON, "-m", "venv", "--system-site-packages", venv, cwd=work)
    install(venv)
    assert installed_package(venv) == [f"lib/{minor}/site-packages/robometrics/__init__.py"]
    version, where, _ = run(venv / "bin" / "python", "-c", IMPORT, cwd=work, env=clean_env()).split()
    assert version == project_version() and pathlib.Path(where).is_relative_to(venv)
