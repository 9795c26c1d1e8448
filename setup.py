"""setuptools glue for `pip install .`: the extension is built by the project's CMake (target
_robometrics, no tests, no benchmarks) and the package files come from python/robometrics/."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version() -> str:
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(robometrics VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    """Configures and builds _robometrics with CMake, then puts it where setuptools packs it."""

    def build_extension(self, ext: Extension) -> None:
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        # A fixed tree in the checkout (ignored by git), so that a second `pip install .` rebuilds
        # only what changed; ROBOMETRICS_PIP_BUILD_DIR moves it. ROBOMETRICS_PIP_CMAKE_TREE names
        # a tree that is already configured (a developer's build/): it is built, not configured
        # again, so its options stay as they are.
        existing = os.environ.get("ROBOMETRICS_PIP_CMAKE_TREE")
        build = pathlib.Path(existing or os.environ.get("ROBOMETRICS_PIP_BUILD_DIR", ROOT / "build-pip")).resolve()
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        if existing and not (build / "CMakeCache.txt").is_file():
            raise RuntimeError(f"ROBOMETRICS_PIP_CMAKE_TREE={existing} is not a configured CMake tree")
        if not existing:
            subprocess.check_call(
                [
                    "cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                    "-DROBOMETRICS_BUILD_TESTS=OFF", "-DROBOMETRICS_BUILD_BENCH=OFF",
                    "-DROBOMETRICS_BUILD_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}",
                ]
            )
        subprocess.check_call(["cmake", "--build", str(build), "--target", "_robometrics", "-j", jobs])
        built = next((build / "python" / "robometrics").glob("_robometrics*.so"))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


setup(
    version=project_version(),
    packages=["robometrics"],
    package_dir={"": "python"},
    package_data={"robometrics": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("robometrics._robometrics", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
