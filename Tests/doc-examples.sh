#!/usr/bin/env bash
# Documentation examples, run as a reader runs them: each listed Swift block of the docs is
# compiled as the `main.swift` of a program of its own (top-level code, so on the main actor, in
# Swift 6 mode) against the library, run, and its output compared with what the docs say it
# prints. A block whose comments promise output that never comes fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target SimpleSubject >/dev/null
bin="$(swift build --show-bin-path)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints the Swift code block number $2 (from 1) of the Markdown file $1.
block() {
    python3 - "$1" "$2" <<'PY'
import re, sys
blocks = re.findall(r"^```swift\n(.*?)^```", open(sys.argv[1]).read(), flags=re.S | re.M)
print(blocks[int(sys.argv[2]) - 1], end="")
PY
}

# Compiles block $2 of $1 and checks that it prints exactly $3.
check() {
    local name="$work/example$RANDOM"
    mkdir -p "$name"
    block "$1" "$2" > "$name/main.swift"
    swiftc -swift-version 6 -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/SimpleSubjectRuntime.build/module.modulemap" \
        "$name/main.swift" "$bin"/SimpleSubject.build/*.o "$bin"/SimpleSubjectRuntime.build/*.o -o "$name/run"
    local printed
    printed=$("$name/run")
    if [ "$printed" != "$3" ]; then
        echo "FAIL: $1, Swift block $2 printed:" >&2
        echo "$printed" >&2
        echo "but the docs say:" >&2
        echo "$3" >&2
        return 1
    fi
    echo "ok: $1, Swift block $2 prints what it says"
}

failed=0
check Sources/SimpleSubject/SimpleSubject.docc/WritingAnOperator.md 1 $'(1, 2)\n(2, 3)' || failed=1
check README.md 1 $'colour: gray\nstatus: not set\ncolour: red\nstatus: pass' || failed=1
exit $failed
