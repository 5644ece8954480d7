"""Draws Results/sends.svg: median ns per sendNext against the number of subscribers, log-log,
for SimpleSubject, OpenCombine and the two floors, from the markdown export of one run.

usage: python3 plot-sends.py Results/full-run.md Results/sends.svg
Prints the numbers it plotted, so that a note can quote them.
"""
import re
import sys

import matplotlib

matplotlib.use("svg")
matplotlib.rcParams["svg.hashsalt"] = "simplesubject"  # the same numbers give the same file
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)

COUNTS = [1, 10, 100, 1000]
SERIES = [
    ("simple", "SimpleSubject Subject", "-o"),
    ("opencombine", "OpenCombine CurrentValueSubject", "-s"),
    ("floor-locked", "floor: locked array loop", "--^"),
    ("floor-raw", "floor: array loop (no lock)", ":v"),
]


def medians(export):
    """The p50 wall-clock time in ns of every benchmark in the export, by name."""
    result, name = {}, None
    for line in open(export):
        heading = re.match(r"^### (\S+)", line)
        if heading:
            name = heading.group(1)
        elif name and line.startswith("| Time (wall clock)"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            scale = {"(ns)": 1, "(μs)": 1e3, "(us)": 1e3, "(ms)": 1e6}
            unit = next((factor for key, factor in scale.items() if key in cells[0]), 1)
            result[name] = float(cells[3]) * unit  # p0, p25, p50: the third figure
    return result


def main(export, output):
    times = medians(export)
    figure, axes = plt.subplots(figsize=(7, 4.5))
    print("ns per send (median)   " + "".join(f"{count:>10}" for count in COUNTS))
    for key, label, style in SERIES:
        points = [times.get(f"send{count}.{key}") for count in COUNTS]
        print(f"{label:<36}" + "".join(f"{point:>10.0f}" if point else f"{'—':>10}" for point in points))
        present = [(count, point) for count, point in zip(COUNTS, points) if point]
        axes.plot([count for count, _ in present], [point for _, point in present], style, label=label)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xticks(COUNTS, [str(count) for count in COUNTS])
    axes.set_xlabel("subscribers")
    axes.set_ylabel("ns per sendNext (median)")
    axes.set_title("One sendNext to N subscribers (one release run, lower is better)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(output, metadata={"Date": None})  # no date: the file changes only with the numbers


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python3 plot-sends.py EXPORT.md OUTPUT.svg")
    main(sys.argv[1], sys.argv[2])
