#!/usr/bin/env bash
# RxSwift's benchmark shapes (pumping, creating, map/filter, combineLatest): SimpleSubject beside
# OpenCombine 0.14 and RxSwift 6 in one release process (Benchmarks/Peers), as a Markdown table of
# medians for BENCHMARKS.md's "RxSwift's shapes". Not part of CI: RxSwift is not a dependency of
# anything CI builds, so this runs only when a copy of it sits beside the repository:
#
#     git clone https://github.com/ReactiveX/RxSwift ../RxSwift    # from the repository root
#     Benchmarks/peers.sh [--repeats N]                            # 9 runs a shape by default
#
# The first build compiles RxSwift in release mode (a few minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
rxswift="$(cd .. && pwd)/RxSwift"

if [ ! -f "$rxswift/Package.swift" ]; then
    echo "peers.sh: skipped: no RxSwift copy at $rxswift."
    echo "RxSwift is never a dependency of what CI builds; Benchmarks/Peers/Package.swift adds it only"
    echo "when a copy sits beside the repository. To measure: git clone https://github.com/ReactiveX/RxSwift $rxswift"
    exit 0
fi

swift build -c release --package-path Benchmarks/Peers --product PeerShapes
echo
echo "RxSwift commit measured: $(git -C "$rxswift" rev-parse HEAD)"
echo "Load when the run started: $(uptime)"
echo
Benchmarks/Peers/.build/release/PeerShapes "$@"
