"""An app's clean build with schemagen's build plugin: the tool compiled from source (what SwiftPM does for a plugin's
executable, in debug, on every clean build) against the prebuilt artifact bundle (Prebuilt/), side by side in one run.

The app is Examples/GroupPresence, copied twice into a scratch folder: as it is (the root package's plugins), and with
its plugins taken from Prebuilt/'s package, whose tool is `Prebuilt/schemagen.artifactbundle`, packed from the release
build of schemagen that run.py has just made. Each copy's dependencies are resolved first, so the figures are the
builds alone (`swift build`, debug, as a developer's first build after a clean). The prebuilt build's log must show no
tool compiled and the generator run, the prebuilt copy's tests must pass, and its command plugin must regenerate the
committed code byte for byte without building the tool.

    python3 Benchmarks/app_clean_build.py      # alone (after Benchmarks/run.py's release build)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "Examples/GroupPresence")
# What compiling the generator looks like in SwiftPM's log: its modules and its link step.
TOOL_COMPILED = re.compile(r"(Compiling|Emitting module) (schemagen|SchemaGenCore|SchemaGenTemplates|Yams|ArgumentParser)\b|Linking schemagen")
GENERATOR_RAN = "schemagen: generating Swift for zikr.events.yaml"


def run(command, cwd, timed=False):
    """The command's output (stdout and stderr), and its wall seconds; exits the script when it fails."""
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed in {cwd}: {' '.join(command)}\n{result.stdout}")
    return result.stdout, seconds


def copy_example(destination, prebuilt):
    """The example package in `destination`, depending on this repository by absolute path; with `prebuilt`, its
    build plugin is Prebuilt/'s."""
    shutil.copytree(EXAMPLE, destination, ignore=shutil.ignore_patterns(".build", ".build-*", ".swiftpm", "Package.resolved"))
    manifest_path = os.path.join(destination, "Package.swift")
    with open(manifest_path) as handle:
        manifest = handle.read()
    root_dependency = '.package(name: "schemagen", path: "../..")'
    plugin = '.plugin(name: "SchemaGenPlugin", package: "schemagen")'
    if root_dependency not in manifest or plugin not in manifest:
        sys.exit("app_clean_build: Examples/GroupPresence/Package.swift no longer names the root package and its build plugin as expected")
    manifest = manifest.replace(root_dependency, f'.package(name: "schemagen", path: "{ROOT}")')
    if prebuilt:
        manifest = manifest.replace(
            f'.package(name: "schemagen", path: "{ROOT}")',
            f'.package(name: "schemagen", path: "{ROOT}"),\n        .package(name: "schemagen-prebuilt", path: "{ROOT}/Prebuilt")')
        manifest = manifest.replace(plugin, '.plugin(name: "SchemaGenPrebuiltPlugin", package: "schemagen-prebuilt")')
    with open(manifest_path, "w") as handle:
        handle.write(manifest)


def compare(binary, work, from_source=True):
    """Packs `binary` into the artifact bundle, clean-builds the prebuilt copy of the app and, with `from_source`, the
    copy that compiles the tool, and returns the table's rows and the prebuilt build's time as a fraction of the
    from-source one (None without it: CI's example-package step already builds the app from source, so CI checks only
    what the bundle must do here)."""
    run(["bash", "Prebuilt/make-artifactbundle.sh", "--binary", binary], ROOT)
    source_app, prebuilt_app = os.path.join(work, "app-from-source"), os.path.join(work, "app-prebuilt")
    apps = [prebuilt_app]
    copy_example(prebuilt_app, prebuilt=True)
    if from_source:
        copy_example(source_app, prebuilt=False)
        apps.insert(0, source_app)
    for app in apps:
        run(["swift", "package", "resolve"], app)
    problems = []
    if from_source:
        source_log, source_seconds = run(["swift", "build"], source_app, timed=True)
        if not TOOL_COMPILED.search(source_log):
            problems.append("the from-source build's log shows no tool compiled: the comparison measures nothing")
        if GENERATOR_RAN not in source_log:
            problems.append(f"the from-source build's log does not show the generator running ('{GENERATOR_RAN}')")
    prebuilt_log, prebuilt_seconds = run(["swift", "build"], prebuilt_app, timed=True)
    compiled = [line for line in prebuilt_log.splitlines() if TOOL_COMPILED.search(line)]
    if compiled:
        problems.append("the prebuilt build compiled the tool:\n    " + "\n    ".join(compiled[:5]))
    if GENERATOR_RAN not in prebuilt_log:
        problems.append(f"the prebuilt build's log does not show the generator running ('{GENERATOR_RAN}')")
    if problems:
        sys.exit("app_clean_build:\n  " + "\n  ".join(problems) + f"\n\nprebuilt build log:\n{prebuilt_log}")
    run(["swift", "test"], prebuilt_app)
    # The prebuilt command plugin regenerates the committed code as the root's does: the same bytes, no tool built.
    command_log, _ = run(
        # The app sees both packages' `schemagen-generate`; `--package` picks Prebuilt's (its identity: its folder's name).
        ["swift", "package", "plugin", "--allow-writing-to-package-directory", "--package", "prebuilt", "schemagen-generate",
         "--target", "OrderTracking"],
        prebuilt_app)
    generated = os.path.join("Sources", "OrderTracking", "Generated")
    drift = subprocess.run(["diff", "-r", os.path.join(EXAMPLE, generated), os.path.join(prebuilt_app, generated)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if TOOL_COMPILED.search(command_log) or drift.returncode != 0:
        sys.exit(f"app_clean_build: the prebuilt command plugin compiled the tool or changed the committed code\n{command_log}\n{drift.stdout}")
    steps = lambda log: len(re.findall(r"^\[\d+/\d+\]", log, re.MULTILINE))
    if not from_source:
        return [("app build", "Examples/GroupPresence, clean debug build with the prebuilt artifact bundle (Prebuilt/: no tool compiled; "
                 "its tests pass)", f"{prebuilt_seconds:.1f} s", f"{steps(prebuilt_log)} build steps")], None
    rows = [
        ("app build", "Examples/GroupPresence, clean debug build, the build plugin's tool compiled from source",
         f"{source_seconds:.1f} s", f"{steps(source_log)} build steps"),
        ("app build", "the same app with the prebuilt artifact bundle (Prebuilt/: no tool compiled; its tests pass)",
         f"{prebuilt_seconds:.1f} s", f"{steps(prebuilt_log)} build steps, {prebuilt_seconds / source_seconds:.2f}x the time"),
    ]
    return rows, prebuilt_seconds / source_seconds


if __name__ == "__main__":
    binary = os.path.join(ROOT, "Benchmarks/.build/release/schemagen")
    scratch = tempfile.mkdtemp(prefix="schemagen-app-build-")
    try:
        table, ratio = compare(binary, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for area, what, figure, note in table:
        print(f"{area:10} {what}: {figure} ({note})")
